import * as z from 'zod';

/**
 * `POST /api/messages/artifact/{messageId}`: an edit made in the artifact panel. `original` is the
 * code the editor started from; a reply changed since (another tab, a regenerate) answers 409
 * instead of being overwritten.
 */
export const saveArtifactParams = z.object({ messageId: z.string().trim().min(1).max(200) });

export const saveArtifactBody = z.strictObject({
  conversationId: z.string({ error: 'conversationId is required' }).trim().min(1, { error: 'conversationId is required' }).max(200),
  /** The artifact's position among the message's artifacts, from 0. */
  index: z.int({ error: 'index must be a whole number' }).min(0, { error: 'index must be 0 or more' }).max(1_000),
  original: z.string({ error: 'original is required' }).max(1_000_000),
  updated: z.string({ error: 'updated is required' }).max(1_000_000, { error: 'The artifact is too long' }),
});
export type SaveArtifactBody = z.infer<typeof saveArtifactBody>;
