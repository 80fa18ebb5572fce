import * as z from 'zod';

/**
 * A user's own API key for an endpoint configured with `apiKey: "user_provided"`. Values are
 * write-only: the API lists names and expiry, never a key.
 */
export const userKeyInfoSchema = z.object({ name: z.string(), expiresAt: z.string().nullable() });
export type UserKeyInfo = z.infer<typeof userKeyInfoSchema>;

export const listKeysResponse = z.object({ keys: z.array(userKeyInfoSchema) });

export const updateKeyBody = z.object({
  /** The endpoint's name: a built-in endpoint or a custom endpoint's name. */
  name: z.string({ error: 'Endpoint name is required' }).trim().min(1, { error: 'Endpoint name is required' }).max(100),
  /** Opaque to the server; for Azure or a custom endpoint it may be a JSON string of several values. */
  value: z.string({ error: 'Updating a user key requires a value' }).trim().min(1, { error: 'Updating a user key requires a value' }).max(10_000),
  /** When the key stops being used; null never expires. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be an ISO date-time or null' }).nullable(),
});
export type UpdateKeyBody = z.infer<typeof updateKeyBody>;

export const keyNameParams = z.object({ name: z.string().trim().min(1).max(100) });
export const deleteKeyResponse = z.object({ deleted: z.boolean() });

/** Deleting every key must be asked for explicitly. */
export const deleteKeysQuery = z.object({ all: z.literal('true', { error: 'Send all=true to delete every key' }) });
export const deleteKeysResponse = z.object({ deleted: z.int() });
