import * as z from 'zod';
import { winTileSchema } from './wins.ts';
import { FRAGMENT_LIMITS, FRAGMENT_SOURCES, FRAGMENT_TYPES } from '../fragments-constants.ts';

export { FRAGMENT_LIMITS, FRAGMENT_SOURCES, FRAGMENT_TYPES, detectFragmentType, fragmentWordCount } from '../fragments-constants.ts';
export type { FragmentSource, FragmentType } from '../fragments-constants.ts';

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
