import * as z from 'zod';
import { winTileSchema } from './wins.ts';

/**
 * Fragments (spec 002, issue 8): short notes a member captures, typed by the spec's ordered rules,
 * woven into reflections, clustered into themes. Persisted per user (ARCHITECTURE.md "Beyond the spec").
 */

export const FRAGMENT_TYPES = ['quote', 'insight', 'question', 'todo', 'general'] as const;
export type FragmentType = (typeof FRAGMENT_TYPES)[number];
export const FRAGMENT_SOURCES = ['web', 'manual', 'voice'] as const;
export type FragmentSource = (typeof FRAGMENT_SOURCES)[number];

export const FRAGMENT_LIMITS = {
  contentMax: 5_000,
  tagMax: 40,
  tagsMax: 10,
  urlMax: 2_000,
  /** A voice note is at most 90 seconds (spec 002 section 9). */
  voiceNoteMaxMs: 90_000,
  weaveTitleMax: 200,
  weaveBodyMax: 20_000,
  weaveMin: 1,
  weaveMax: 20,
  pageMax: 100,
  /** Previews cut at 200 characters in the list and 120 in the weave dialog. */
  listPreview: 200,
  weavePreview: 120,
  /** The list shows 2 tags plus a "+N" count. */
  tagsShown: 2,
} as const;

/**
 * The spec's auto-detected type, rules in order: a quote mark or apostrophe; a trailing "?";
 * "tomorrow"/"next" or starting with schedule/call/email; "i realized"/"i learned"/"insight";
 * otherwise general. One function for the browser's preview and the server's default.
 */
export function detectFragmentType(content: string): FragmentType {
  const text = content.trim();
  const lower = text.toLowerCase();
  if (/["'“”‘’]/.test(text)) return 'quote';
  if (text.endsWith('?')) return 'question';
  if (/\b(tomorrow|next)\b/.test(lower) || /^(schedule|call|email)\b/.test(lower)) return 'todo';
  if (lower.includes('i realized') || lower.includes('i learned') || lower.includes('insight')) return 'insight';
  return 'general';
}

/** Words as the spec counts them: split on spaces. */
export function fragmentWordCount(content: string): number {
  return content.trim().split(/\s+/).filter(Boolean).length;
}

export const fragmentSchema = z.object({
  id: z.string(),
  content: z.string(),
  type: z.enum(FRAGMENT_TYPES),
  /** ISO timestamp of capture. */
  timestamp: z.string(),
  source: z.enum(FRAGMENT_SOURCES),
  tags: z.array(z.string()),
  isPinned: z.boolean(),
  wordCount: z.int().min(0),
  sourceUrl: z.string().nullable(),
  /** The theme the fragment falls in (see themes), or null when it fits none. */
  clusterId: z.string().nullable(),
  updatedAt: z.string(),
});
export type Fragment = z.infer<typeof fragmentSchema>;

const content = z
  .string({ error: 'Content must be text' })
  .trim()
  .min(1, { error: 'Write something to capture' })
  .max(FRAGMENT_LIMITS.contentMax, { error: `Content must be at most ${FRAGMENT_LIMITS.contentMax} characters` });
const tags = z
  .array(z.string({ error: 'Tags must be text' }).trim().min(1, { error: 'Tags cannot be empty' }).max(FRAGMENT_LIMITS.tagMax, { error: `Tags must be at most ${FRAGMENT_LIMITS.tagMax} characters` }), {
    error: 'Tags must be a list',
  })
  .max(FRAGMENT_LIMITS.tagsMax, { error: `At most ${FRAGMENT_LIMITS.tagsMax} tags` });
const sourceUrl = z.url({ protocol: /^https?$/, error: 'Source URL must be a web address (http or https)' }).max(FRAGMENT_LIMITS.urlMax);

/** Quick Fragment, Web clip (content is the quote, sourceUrl the page) and the chat's bookmark. Type defaults to the detected one. */
export const createFragmentBody = z
  .object({
    content,
    type: z.enum(FRAGMENT_TYPES, { error: `Type must be one of ${FRAGMENT_TYPES.join(', ')}` }).optional(),
    source: z.enum(['web', 'manual'], { error: 'Source must be web or manual' }).default('manual'),
    tags: tags.optional(),
    sourceUrl: sourceUrl.optional(),
    /** A retried capture with the same id returns the first fragment instead of a second one. */
    clientRequestId: z.string().min(8).max(100).optional(),
  })
  .strict();
export type CreateFragmentBody = z.output<typeof createFragmentBody>;

export const updateFragmentBody = z
  .object({ content: content.optional(), type: z.enum(FRAGMENT_TYPES).optional(), tags: tags.optional(), isPinned: z.boolean().optional() })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Send at least one field to change' });

export const fragmentIdParams = z.object({ id: z.string().min(1).max(100) });
export const listFragmentsQuery = z.object({
  /** Case-insensitive over content and tags. */
  q: z.string().trim().max(200).optional(),
  type: z.enum(FRAGMENT_TYPES).optional(),
  clusterId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(FRAGMENT_LIMITS.pageMax).default(50),
  cursor: z.string().max(500).optional(),
});
export const listFragmentsResponse = z.object({ fragments: z.array(fragmentSchema), nextCursor: z.string().nullable() });
export const deleteFragmentResponse = z.object({ deleted: z.literal(true) });

/** A reflection woven from fragments (Merge/Weave): saved, and shown in the log. */
export const wovenReflectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  fragmentIds: z.array(z.string()),
  createdAt: z.string(),
});
export type WovenReflection = z.infer<typeof wovenReflectionSchema>;
export const weaveFragmentsBody = z
  .object({
    fragmentIds: z.array(z.string().min(1).max(100)).min(FRAGMENT_LIMITS.weaveMin, { error: 'Choose at least one fragment' }).max(FRAGMENT_LIMITS.weaveMax, { error: `Weave at most ${FRAGMENT_LIMITS.weaveMax} fragments` }),
    title: z.string().trim().min(1, { error: 'Give the reflection a title' }).max(FRAGMENT_LIMITS.weaveTitleMax),
    body: z.string().trim().min(1, { error: 'Write the reflection' }).max(FRAGMENT_LIMITS.weaveBodyMax),
  })
  .strict();

/** A theme: fragments that share a subject, labelled, with its count and its change over the last 30 days. */
export const themeClusterSchema = z.object({
  id: z.string(),
  label: z.string(),
  fragmentCount: z.int().min(0),
  /** Percent change of fragments in the last 30 days against the 30 before; null when there were none before. */
  changePercent: z.number().nullable(),
  color: z.string(),
  fragmentIds: z.array(z.string()),
});
export type ThemeCluster = z.infer<typeof themeClusterSchema>;
export const listThemesResponse = z.object({ themes: z.array(themeClusterSchema) });

export const pinFragmentToWinsResponse = winTileSchema;
