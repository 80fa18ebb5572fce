import * as z from 'zod';
import { conversationSettingsSchema, messageSchema } from './conversation.ts';

const tagName = z.string().trim().min(1, { error: 'Tag cannot be empty' }).max(100, { error: 'Tag must be at most 100 characters' });

/** A bookmark: a named tag with a count of the conversations that carry it. */
export const tagSchema = z.object({
  tag: z.string(),
  description: z.string().nullable(),
  count: z.int(),
  position: z.int(),
  user: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListResponse = z.array(tagSchema);
export const tagNamesResponse = z.array(z.string());

export const tagParams = z.object({ tag: tagName });
export const createTagBody = z.object({
  tag: tagName,
  description: z.string().max(1_000).nullable().optional(),
  /** Also put the new tag on this conversation. */
  conversationId: z.string().max(200).optional(),
});
export const updateTagBody = z
  .object({ tag: tagName.optional(), description: z.string().max(1_000).nullable().optional(), position: z.int().min(0).max(10_000).optional() })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send a new tag, description or position' });
export const updateConvoTagsBody = z.object({ tags: z.array(tagName).max(50) });

export const presetSchema = conversationSettingsSchema.extend({
  presetId: z.string(),
  title: z.string(),
  defaultPreset: z.boolean(),
  order: z.int(),
  user: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;
export const presetListResponse = z.array(presetSchema);
export const savePresetBody = conversationSettingsSchema.extend({
  presetId: z.string().trim().min(1, { error: 'presetId cannot be empty' }).max(200).optional(),
  title: z.string().trim().min(1, { error: 'Preset title is required' }).max(100),
  defaultPreset: z.boolean().optional(),
  order: z.int().min(0).max(10_000).optional(),
});
/** Without a presetId, every preset of the user is deleted (LibreChat's behaviour). */
export const deletePresetBody = z.object({ presetId: z.string().max(200).optional() });

export const sharedLinkSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  targetMessageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedConversationSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(messageSchema),
  /** The next page of a long snapshot's messages (`?cursor=`), null on the last (decision 0037). */
  nextCursor: z.string().nullable().optional(),
});
export const sharedConversationQuery = z.object({ cursor: z.string().max(2_000).optional() });

export const idParams = z.object({ id: z.string().trim().min(1).max(200) });
export const createShareBody = z.object({ targetMessageId: z.string().max(200).optional() });
export const listSharesQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2_000).optional(),
  isPublic: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  sortBy: z.enum(['createdAt', 'title']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
});
export const listSharesResponse = z.object({ links: z.array(sharedLinkSchema), nextCursor: z.string().nullable(), hasNextPage: z.boolean() });
export const shareLinkResponse = z.object({ shareId: z.string().nullable(), success: z.boolean(), conversationId: z.string() });


