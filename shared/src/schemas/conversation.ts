import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { FORK_OPTIONS } from '../conversation-constants.ts';
import { MESSAGE_PAGE } from '../message-page-constants.ts';

export { FORK_OPTIONS, NO_PARENT } from '../conversation-constants.ts';

export const ENDPOINTS = [
  'openAI',
  'azureOpenAI',
  'anthropic',
  'google',
  'bedrock',
  'custom',
  'assistants',
  'azureAssistants',
  'agents',
  'gptPlugins',
  'chatGPTBrowser',
] as const;

const id = z.string().trim().min(1).max(200);

/**
 * The model settings a conversation or preset carries (spec 000 section 3), with the ranges of
 * section 5. Provider-specific limits (anthropic temperature 0-1, and so on) are checked where
 * the provider is known, in generation.
 */
export const conversationSettingsSchema = z.object({
  endpoint: z.string().max(100).nullable().optional(),
  endpointType: z.string().max(100).nullable().optional(),
  model: z.string().max(200).nullable().optional(),
  modelLabel: z.string().max(200).nullable().optional(),
  promptPrefix: z.string().max(100_000).nullable().optional(),
  system: z.string().max(100_000).nullable().optional(),
  instructions: z.string().max(100_000).nullable().optional(),
  additional_instructions: z.string().max(100_000).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  topP: z.number().min(0).max(1).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  topK: z.number().min(1).max(500).nullable().optional(),
  frequency_penalty: z.number().min(0).max(2).nullable().optional(),
  presence_penalty: z.number().min(0).max(2).nullable().optional(),
  maxOutputTokens: z.int().min(1).max(128_000).nullable().optional(),
  maxContextTokens: z.int().min(1).max(10_000_000).nullable().optional(),
  max_tokens: z.int().min(1).max(128_000).nullable().optional(),
  promptCache: z.boolean().nullable().optional(),
  thinking: z.boolean().nullable().optional(),
  thinkingBudget: z.int().min(1024).max(200_000).nullable().optional(),
  artifacts: z.string().max(100).nullable().optional(),
  resendFiles: z.boolean().nullable().optional(),
  file_ids: z.array(z.string().max(200)).max(100).nullable().optional(),
  imageDetail: z.enum(['low', 'auto', 'high']).nullable().optional(),
  reasoning_effort: z.string().max(50).nullable().optional(),
  assistant_id: z.string().max(200).nullable().optional(),
  agent_id: z.string().max(200).nullable().optional(),
  region: z.string().max(100).nullable().optional(),
  append_current_datetime: z.boolean().nullable().optional(),
  iconURL: z.string().max(2_000).nullable().optional(),
  greeting: z.string().max(10_000).nullable().optional(),
  spec: z.string().max(200).nullable().optional(),
  stop: z.array(z.string().max(1_000)).max(4).nullable().optional(),
  tools: z.array(z.unknown()).max(100).nullable().optional(),
});

export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

export const conversationSchema = conversationSettingsSchema.extend({
  conversationId: z.string(),
  title: z.string(),
  user: z.string(),
  isArchived: z.boolean(),
  tags: z.array(z.string()),
  expiredAt: z.string().nullable().optional(),
  /** A duplicate or fork whose messages the background worker is still copying (decision 0034). */
  copying: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** One part of an assistant reply: text, think, tool_call, image_file, image_url, agent_update, error. */
export const messagePartSchema = z.looseObject({ type: z.string().max(50) });

export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
  content: z.array(messagePartSchema).optional(),
  sender: z.string(),
  isCreatedByUser: z.boolean(),
  model: z.string().nullable().optional(),
  endpoint: z.string().nullable().optional(),
  error: z.boolean().optional(),
  unfinished: z.boolean().optional(),
  finish_reason: z.string().nullable().optional(),
  thread_id: z.string().nullable().optional(),
  plugin: z.unknown().optional(),
  attachments: z.array(z.unknown()).optional(),
  files: z.array(z.looseObject({ file_id: z.string() })).optional(),
  iconURL: z.string().nullable().optional(),
  tokenCount: z.number().optional(),
  /** A temporary chat's messages expire with it. */
  expiredAt: z.string().nullable().optional(),
  /** Set only on a page's copy of a message too large to send whole: its text was cut (decision 0037). */
  truncated: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListResponse = z.array(messageSchema);

/** A page of messages: with `cursor` or `limit` the body is `{ messages, nextCursor }` (decision 0037). */
export const messagePageQuery = z.object({
  cursor: z.string().max(2_000).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE.maxCount).optional(),
});
export const messagePageResponse = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
/** Asked without `cursor` and `limit`, the first page is the bare array, the next cursor in a header. */
export const getMessagesResponse = z.union([messageListResponse, messagePageResponse]);

export const SORT_FIELDS = ['updatedAt', 'createdAt', 'title'] as const;
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const listConvosQuery = z.object({
  cursor: z.string().max(2_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  isArchived: booleanQuery.default(false),
  sortBy: z.enum(SORT_FIELDS).default('updatedAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  /** One tag, or several joined by commas: conversations carrying all of them. */
  tags: z.string().max(1_000).optional(),
  search: z.string().trim().max(200).optional(),
});

/** Where a search term occurs in a text: [start, end) offsets in UTF-16 code units. */
export const textRangeSchema = z.object({ start: z.int().min(0), end: z.int().min(0) });
export type TextRange = z.infer<typeof textRangeSchema>;
/** A bounded window of a matching message around its first match, never the whole message. */
export const searchSnippetSchema = z.object({
  messageId: z.string(),
  isCreatedByUser: z.boolean(),
  text: z.string(),
  highlights: z.array(textRangeSchema),
  /** The message goes on before or after the window. */
  truncatedStart: z.boolean(),
  truncatedEnd: z.boolean(),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;
/** Why a conversation is a search result: the matches in its title, and a snippet of a matching message when the page saw one. */
export const searchMatchSchema = z.object({ title: z.array(textRangeSchema), message: searchSnippetSchema.nullable() });
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const listConvosResponse = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
  /** Only on a search (`search=`): each listed conversation's matches, by conversation id. */
  matches: z.record(z.string(), searchMatchSchema).optional(),
});

export const conversationIdParams = z.object({ conversationId: id });
export const messageParams = z.object({ conversationId: id, messageId: id });

export const updateConvoBody = z.object({
  arg: z
    .object({
      conversationId: id,
      title: z.string().trim().min(1, { error: 'Title cannot be empty' }).max(LIMITS.conversationTitleMax, { error: `Title must be at most ${LIMITS.conversationTitleMax} characters` }).optional(),
      isArchived: z.boolean().optional(),
    })
    .refine((arg) => arg.title !== undefined || arg.isArchived !== undefined, { error: 'Send a title or isArchived to change' }),
});

export const deleteConvoBody = z.object({
  arg: z.object({
    conversationId: id,
    thread_id: z.string().max(200).optional(),
    endpoint: z.string().max(100).optional(),
    source: z.string().max(50).optional(),
  }),
});

export const duplicateConvoBody = z.object({ conversationId: id, title: z.string().trim().max(LIMITS.conversationTitleMax).optional() });

export const forkConvoBody = z.object({
  conversationId: id,
  messageId: id,
  option: z.enum(FORK_OPTIONS).default('targetLevel'),
  splitAtTarget: z.boolean().default(false),
  latestMessageId: id.optional(),
});

/** Answer of duplicate and fork: the new conversation and its messages. */
/** A duplicate or fork: the new conversation at once, `copying` until its messages are all there. */
export const conversationCopyResponse = z.object({ conversation: conversationSchema });

export const importConvosResponse = z.object({ message: z.string(), imported: z.int(), failed: z.int() });

export const updateMessageBody = z.object({
  text: z.string({ error: 'Message text is required' }).trim().min(1, { error: 'Message text cannot be empty' }).max(1_000_000),
  /** Index of the content part to edit, for replies made of parts. */
  index: z.int().min(0).max(1_000).optional(),
  model: z.string().max(200).optional(),
});

export const deleteResponse = z.object({ deletedCount: z.int() });
export const searchEnabledResponse = z.boolean();
