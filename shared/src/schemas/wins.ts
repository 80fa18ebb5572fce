import * as z from 'zod';
import { isoDateSchema, requiredString } from './common.ts';
import { WIN_LIMITS, WIN_SOURCES } from '../wins-constants.ts';

export { DEFAULT_WIN_EMOJI, DEFAULT_WIN_TAG, WIN_LIMITS, WIN_SOURCES } from '../wins-constants.ts';

export const winSourceSchema = z.enum(WIN_SOURCES, { error: `Source must be one of ${WIN_SOURCES.join(', ')}` });
export type WinSource = z.infer<typeof winSourceSchema>;

export const winTileSchema = z.object({
  id: z.string(),
  titleInteractionId: z.string(),
  descriptionInteractionId: z.string(),
  /** ISO timestamp. */
  achievedAt: z.string(),
  title: z.string(),
  /** The user's local day of `achievedAt`, YYYY-MM-DD. */
  date: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  emoji: z.string(),
  impact: z.array(z.string()),
  source: winSourceSchema,
  isPinned: z.boolean(),
  isShared: z.boolean(),
  shareCount: z.int(),
  originalContent: z.string().nullable(),
});
export type WinTile = z.infer<typeof winTileSchema>;

export const digestSchema = z.object({
  month: z.int().min(1).max(12),
  year: z.int(),
  tileCount: z.int(),
  previewTiles: z.array(z.object({ id: z.string(), emoji: z.string(), title: z.string() })),
});
export type Digest = z.infer<typeof digestSchema>;

const winTitle = requiredString('Title is required').max(WIN_LIMITS.titleMax, { error: `Title must be at most ${WIN_LIMITS.titleMax} characters` });
const winDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(WIN_LIMITS.descriptionMax, { error: `Description must be at most ${WIN_LIMITS.descriptionMax} characters` });
const winTags = z
  .array(
    z
      .string({ error: 'Tags must be text' })
      .trim()
      .min(1, { error: 'Tags cannot be empty' })
      .max(WIN_LIMITS.tagMax, { error: `Tags must be at most ${WIN_LIMITS.tagMax} characters` }),
    { error: 'Tags must be a list' },
  )
  .max(WIN_LIMITS.tagsMax, { error: `At most ${WIN_LIMITS.tagsMax} tags` });
const winEmoji = z
  .string({ error: 'Emoji must be text' })
  .trim()
  .min(1, { error: 'Emoji cannot be empty' })
  .max(WIN_LIMITS.emojiMax, { error: `Emoji must be at most ${WIN_LIMITS.emojiMax} characters` });
const winImpact = z
  .array(
    z
      .string({ error: 'Impact points must be text' })
      .trim()
      .min(1, { error: 'Impact points cannot be empty' })
      .max(WIN_LIMITS.impactPointMax, { error: `Impact points must be at most ${WIN_LIMITS.impactPointMax} characters` }),
    { error: 'Impact must be a list' },
  )
  .max(WIN_LIMITS.impactMax, { error: `At most ${WIN_LIMITS.impactMax} impact points` });
const winOriginalContent = z
  .string({ error: 'Original content must be text' })
  .max(WIN_LIMITS.originalContentMax, { error: `Original content must be at most ${WIN_LIMITS.originalContentMax} characters` });
const winAchievedAt = z.iso.datetime({ offset: true, error: 'achievedAt must be an ISO date-time' });

export const createWinBody = z.object({
  title: winTitle,
  description: winDescription.optional(),
  tags: winTags.optional(),
  emoji: winEmoji.optional(),
  impact: winImpact.optional(),
  source: winSourceSchema.optional(),
  originalContent: winOriginalContent.optional(),
  achievedAt: winAchievedAt.optional(),
});
export type CreateWinBody = z.infer<typeof createWinBody>;

export const updateWinBody = z
  .object({
    title: winTitle.optional(),
    description: winDescription.optional(),
    tags: winTags.optional(),
    emoji: winEmoji.optional(),
    impact: winImpact.optional(),
    source: winSourceSchema.optional(),
    /** null removes it. */
    originalContent: winOriginalContent.nullable().optional(),
    achievedAt: winAchievedAt.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Send at least one field to change' });
export type UpdateWinBody = z.infer<typeof updateWinBody>;

export const pinWinBody = z.object({ pinned: z.boolean({ error: 'pinned must be true or false' }) });
export const winIdParams = z.object({ id: z.string().min(1).max(100) });
export const listWinsQuery = z.object({ date: isoDateSchema.optional() });
export const listWinsResponse = z.object({ wins: z.array(winTileSchema), digest: digestSchema });
export type ListWinsResponse = z.infer<typeof listWinsResponse>;
export const deleteWinResponse = z.object({ deleted: z.literal(true) });
