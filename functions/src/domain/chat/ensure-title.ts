import { NO_PARENT, type Conversation, type Message } from '@meld/shared';
import { conversationNotFound } from '../conversations/not-found.ts';
import { titleFromText } from './title.ts';

export const DEFAULT_TITLE = 'New Chat';

/**
 * Whether a conversation's title is still one the app wrote in place of a real one ("New Chat", or
 * the opening words of its first message), so a generated title may replace it. A title the member
 * chose while the reply streamed is theirs: the title written after the reply never overwrites it.
 */
export function isStandInTitle(title: string, firstMessageText: string): boolean {
  return title === DEFAULT_TITLE || title === titleFromText(firstMessageText);
}

export interface EnsureTitleDeps {
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  getAllMessages(userId: string, conversationId: string): Promise<Message[]>;
  updateConversation(userId: string, conversationId: string, change: (current: Conversation) => Conversation): Promise<Conversation | undefined>;
}

/**
 * `POST /api/convos/gen_title`: the title written after the first exchange. The reply's stream
 * writes it; a client that left before then gets the opening words of the first message, saved,
 * so the conversation never stays "New Chat". A model title arriving later still replaces it.
 */
export async function ensureTitle(userId: string, conversationId: string, deps: EnsureTitleDeps): Promise<string> {
  const conversation = await deps.getConversation(userId, conversationId);
  if (!conversation) throw conversationNotFound();
  if (conversation.title !== DEFAULT_TITLE) return conversation.title;
  const messages = await deps.getAllMessages(userId, conversationId);
  const first = messages.find((message) => message.isCreatedByUser && message.parentMessageId === NO_PARENT) ?? messages.find((message) => message.isCreatedByUser);
  if (!first) return conversation.title;
  const title = titleFromText(first.text);
  const saved = await deps.updateConversation(userId, conversationId, (current) => (current.title === DEFAULT_TITLE ? { ...current, title } : current));
  return saved?.title ?? title;
}
