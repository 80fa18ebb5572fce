import * as z from 'zod';
import { NO_PARENT } from './conversation.ts';
import { fragmentSchema } from './fragments.ts';
import { COACH_CHAT_LIMITS } from '../coach-chats-constants.ts';

export { COACH_CHAT_LIMITS } from '../coach-chats-constants.ts';

/** A chip as the client asks for it: a #tag, or a fragment whose content the coach then reads. */
export const contextChipInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tag'), tag: z.string().trim().min(1, { error: 'Tags cannot be empty' }).max(COACH_CHAT_LIMITS.tagMax).transform((tag) => tag.replace(/^#+/, '')) }),
  z.object({ kind: z.literal('fragment'), fragmentId: z.string().min(1).max(100) }),
]);
export type ContextChipInput = z.input<typeof contextChipInputSchema>;

/** A chip as stored and shown: `label` is the tag, or the start of the fragment's content. */
export const contextChipSchema = z.object({ kind: z.enum(['tag', 'fragment']), id: z.string(), label: z.string() });
export type ContextChip = z.infer<typeof contextChipSchema>;

const chipInputs = z.array(contextChipInputSchema).max(COACH_CHAT_LIMITS.chipsMax, { error: `At most ${COACH_CHAT_LIMITS.chipsMax} context chips` });

export const coachThreadSchema = z.object({
  id: z.string(),
  title: z.string(),
  lastMessage: z.string().nullable(),
  lastSender: z.enum(['ai', 'user']).nullable(),
  lastActivity: z.string(),
  /** The coach answered since the member last opened the thread (never while muted). */
  unread: z.boolean(),
  isPinned: z.boolean(),
  mutedUntil: z.string().nullable(),
  contextChips: z.array(contextChipSchema),
  createdAt: z.string(),
});
export type CoachThread = z.infer<typeof coachThreadSchema>;

export const listCoachThreadsResponse = z.object({
  threads: z.array(coachThreadSchema),
  /** False when the app config names no coach model: the page says so instead of offering chats. */
  coachAvailable: z.boolean(),
});

export const createCoachThreadBody = z.object({ contextChips: chipInputs.default([]) });

export const coachThreadParams = z.object({ id: z.string().min(1).max(200) });
export const coachMessageParams = coachThreadParams.extend({ messageId: z.string().min(1).max(200) });

export const updateCoachThreadBody = z
  .object({
    isPinned: z.boolean().optional(),
    /** True mutes for 7 days from now; false unmutes. */
    muted: z.boolean().optional(),
    /** Marks the coach's replies so far as read. */
    read: z.literal(true).optional(),
    /** Replaces the chips (add and remove are both a new list). */
    contextChips: chipInputs.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to change' });

export const deleteCoachThreadResponse = z.object({ deleted: z.literal(true) });

/** What a reply drew on, counted, so the browser can say so ("Drawing on your last 7 check-ins…"). */
export const coachSourcesSchema = z.object({ checkIns: z.int(), reflections: z.int(), summaries: z.int(), wins: z.int(), fragments: z.int(), goals: z.int() });
export type CoachSources = z.infer<typeof coachSourcesSchema>;

export const coachMessageSchema = z.object({
  id: z.string(),
  parentMessageId: z.string(),
  sender: z.enum(['ai', 'user']),
  content: z.string(),
  timestamp: z.string(),
  /** Set on the coach's replies. */
  sources: coachSourcesSchema.nullable(),
  reactions: z.object({ thumbsUp: z.boolean() }),
  /** The fragment a bookmark saved the message as. */
  bookmarkedFragmentId: z.string().nullable(),
  error: z.boolean(),
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;
/** A page of a thread's messages; `nextCursor` names the next (decision 0037). */
export const listCoachMessagesResponse = z.object({ messages: z.array(coachMessageSchema), nextCursor: z.string().nullable().optional() });
export const listCoachMessagesQuery = z.object({ cursor: z.string().max(2_000).optional() });

/** One turn: the member's text; the coach's endpoint, model and system prompt are the server's. */
export const askCoachBody = z.object({
  text: z
    .string({ error: 'Message text is required' })
    .trim()
    .min(1, { error: 'Message text cannot be empty' })
    .max(COACH_CHAT_LIMITS.messageMax, { error: `Messages are at most ${COACH_CHAT_LIMITS.messageMax} characters` }),
  parentMessageId: z.string().max(200).default(NO_PARENT),
  messageId: z.string().max(200).optional(),
});

export const reactCoachMessageBody = z.object({ thumbsUp: z.boolean() });
export const bookmarkCoachMessageResponse = z.object({ message: coachMessageSchema, fragment: fragmentSchema });
