import { NO_PARENT, type Message } from '@meld/shared';
import { messageNotFound } from '../conversations/not-found.ts';

/**
 * What a shared message shows: its place in the tree, its content and who said it. Anything else
 * (files and attachments that point at private storage, provider thread ids, token counts,
 * plugin internals, and any field added later) stays private until listed here.
 */
const PUBLIC_FIELDS = [
  'messageId', 'conversationId', 'parentMessageId', 'text', 'content', 'sender', 'isCreatedByUser',
  'model', 'endpoint', 'error', 'unfinished', 'finish_reason', 'iconURL', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof Message)[];

export function toPublicMessage(message: Message): Message {
  const copy: Record<string, unknown> = {};
  for (const field of PUBLIC_FIELDS) if (message[field] !== undefined) copy[field] = message[field];
  return copy as Message;
}

/**
 * The messages a link shares. Without a target: the whole conversation, every branch. With one
 * (LibreChat's rule): the branch from the root down to and including the target, nothing after
 * it and no sibling branches. Oldest first, as stored.
 */
export function selectMessages(messages: Message[], targetMessageId: string | null | undefined): Message[] {
  if (!targetMessageId) return messages.map(toPublicMessage);
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const path = new Set<string>();
  let current = byId.get(targetMessageId);
  if (!current) throw messageNotFound();
  // The seen-check stops a corrupt parent cycle from looping forever.
  while (current && !path.has(current.messageId)) {
    path.add(current.messageId);
    current = current.parentMessageId === NO_PARENT ? undefined : byId.get(current.parentMessageId);
  }
  return messages.filter((message) => path.has(message.messageId)).map(toPublicMessage);
}
