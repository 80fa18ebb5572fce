import * as z from 'zod';
import { chatErrorInfoSchema } from './chat-errors.ts';
import { conversationSchema, conversationSettingsSchema, messagePartSchema, messageSchema, NO_PARENT } from './conversation.ts';

/** The endpoint kinds a client may ask (spec 000 section 1), plus the offline demo. */
export const ASK_ENDPOINTS = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom', 'demo'] as const;

/**
 * A chat turn as LibreChat's client sends it: the user's text, where it goes in the tree, and the
 * conversation's settings. `conversationId` null starts a new conversation.
 */
export const askBody = conversationSettingsSchema.extend({
  text: z.string({ error: 'Message text is required' }).trim().min(1, { error: 'Message text cannot be empty' }).max(200_000),
  conversationId: z.string().max(200).nullable().default(null),
  parentMessageId: z.string().max(200).default(NO_PARENT),
  /** Client-made id of the user's message, so the browser can show it before the server answers. */
  messageId: z.string().max(200).optional(),
  /** For custom endpoints: which configured endpoint (by name). */
  endpointName: z.string().max(100).optional(),
  model: z.string().trim().min(1, { error: 'Choose a model' }).max(200),
  /** Regenerate: answer the existing user message `parentMessageId` again, as a sibling reply. */
  isRegenerate: z.boolean().default(false),
  /** Continue: extend the unfinished reply `responseMessageId` to the user message `parentMessageId`. */
  isContinued: z.boolean().default(false),
  responseMessageId: z.string().max(200).optional(),
  /** Uploaded files attached to the message (spec 000 Message.files); only their ids count. */
  files: z.array(z.looseObject({ file_id: z.string().trim().min(1).max(100) })).max(100, { error: 'Attach at most 100 files' }).optional(),
  /** Starts a temporary chat: kept out of the lists and search, deleted after 30 days (needs TEMPORARY_CHAT/USE). */
  isTemporary: z.boolean().default(false),
});
export type AskBody = z.infer<typeof askBody>;

export type AskEndpoint = (typeof ASK_ENDPOINTS)[number];

/** Abort takes every ask kind and `agents`: the flag it sets is the conversation's, whichever route streams. */
export const ABORT_ENDPOINTS = [...ASK_ENDPOINTS, 'agents'] as const;
export type AbortEndpoint = (typeof ABORT_ENDPOINTS)[number];
export const askParams = z.object({ endpoint: z.enum(ABORT_ENDPOINTS, { error: `Endpoint must be one of ${ABORT_ENDPOINTS.join(', ')}` }) });

/** `POST /api/convos/gen_title`: the conversation's title once its first exchange is written. */
export const genTitleBody = z.object({ conversationId: z.string().trim().min(1).max(200) });
export const genTitleResponse = z.object({ title: z.string() });

export const abortBody = z.object({ conversationId: z.string().min(1).max(200), messageId: z.string().max(200).optional() });
export const abortResponse = z.object({ aborted: z.boolean() });

/**
 * A reply still being written (decision 0039), as another tab or device reads it: `response` is the
 * reply so far (`unfinished: true`), `endpoint` the path parameter that stops it through
 * `/api/ask/{endpoint}/abort` with `messageId` = `responseMessageId`.
 */
export const liveReplySchema = z.object({
  conversationId: z.string(),
  requestMessageId: z.string(),
  responseMessageId: z.string(),
  endpoint: z.enum(ABORT_ENDPOINTS),
  startedAt: z.string(),
  stopRequested: z.boolean(),
  response: messageSchema,
});
export type LiveReply = z.infer<typeof liveReplySchema>;
/** `GET /api/ask/live/{conversationId}`: the conversation's replies in progress (none: an empty list). */
export const liveRepliesResponse = z.object({ replies: z.array(liveReplySchema) });
/** `GET /api/ask/live`: which of the member's conversations have a reply in progress (the sidebar's marks). */
export const liveReplyListResponse = z.object({
  replying: z.array(z.object({ conversationId: z.string(), responseMessageId: z.string(), startedAt: z.string() })),
});

/** `/api/assistants/{version}/chat`: v1 (Azure assistants) and v2 (OpenAI assistants) in LibreChat's client. */
export const assistantsChatParams = z.object({ version: z.enum(['v1', 'v2'], { error: 'Version must be v1 or v2' }) });
/** Routes that only ever refuse (retired or not yet available chat kinds): no success body. */
export const unavailableResponse = z.never();

/** Server-sent events of a streamed reply, one JSON object per `data:` line. */
export const askEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), message: messageSchema, conversationId: z.string() }),
  z.object({ type: z.literal('delta'), messageId: z.string(), part: z.enum(['text', 'think']), text: z.string() }),
  z.object({ type: z.literal('title'), conversationId: z.string(), title: z.string() }),
  /** Sets the reply's content part at `index`: a tool call as it runs (progress, output) or an agent update. */
  z.object({ type: z.literal('part'), messageId: z.string(), index: z.int().min(0), part: messagePartSchema }),
  z.object({ type: z.literal('final'), conversation: conversationSchema, requestMessage: messageSchema, responseMessage: messageSchema }),
  /** `code` is an error-catalogue type (spec 000 section 8); `info` carries its values (endpoint, expiry, balance…). */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), info: chatErrorInfoSchema.optional() }),
]);
export type AskEvent = z.infer<typeof askEventSchema>;

/**
 * A `tool_call` content part as the agent loop writes it (spec 000 section 3): progress runs from
 * 0 to 1; the output is the tool's answer, or text containing "error processing tool".
 */
export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.string(),
  output: z.string().optional(),
  progress: z.number().min(0).max(1),
  type: z.literal('tool_call'),
  /** A sign-in URL while an action waits for the user's OAuth consent. */
  auth: z.string().optional(),
  expires_at: z.number().optional(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** A file a tool made (a code run's plot or CSV), kept on the reply message (spec 000 section 3, Attachment). */
export const toolAttachmentSchema = z.object({
  file_id: z.string(),
  toolCallId: z.string(),
  filename: z.string(),
  filepath: z.string(),
  type: z.string(),
  bytes: z.number().int().min(0),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type ToolAttachment = z.infer<typeof toolAttachmentSchema>;

export const endpointInfoSchema = z.object({
  type: z.string(),
  label: z.string(),
  order: z.int(),
  userProvide: z.boolean(),
  /** The offline demo is labelled as such in the model menu. */
  demo: z.boolean(),
  /** Which of the endpoint's models read images, so the composer warns before an image goes to one that cannot. */
  visionModels: z.array(z.string()).optional(),
});
export const endpointsResponse = z.record(z.string(), endpointInfoSchema);
export const modelsResponse = z.record(z.string(), z.array(z.string()));
export const streamResponse = z.unknown();
