import { readFileSync } from 'node:fs';
import type { Conversation, Message } from '@meld/shared';
import { importConversations } from '../import-conversations.ts';

export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, import.meta.url));
}

export const IMPORT_NOW = new Date('2026-01-15T09:30:00.000Z');

/** Runs a file through the importer with in-memory saves and counting ids (`id-1`, `id-2`, ...). */
export async function importFile(data: Buffer | string | unknown, filename = 'export.json') {
  const saved = { conversations: [] as Conversation[], messages: [] as Message[] };
  let next = 0;
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(typeof data === 'string' ? data : JSON.stringify(data));
  const result = await importConversations(
    { filename, data: bytes },
    {
      userId: 'user-1',
      newId: () => `id-${++next}`,
      now: IMPORT_NOW,
      saveConversations: async (_userId, conversations) => void saved.conversations.push(...conversations),
      saveMessages: async (_userId, messages) => void saved.messages.push(...messages),
    },
  );
  const messagesOf = (conversation: Conversation) => saved.messages.filter((message) => message.conversationId === conversation.conversationId);
  return { result, ...saved, messagesOf };
}

/** A message's parent, by text, so tests read as the conversation does. */
export function parentText(messages: Message[], message: Message): string | null {
  return messages.find((candidate) => candidate.messageId === message.parentMessageId)?.text ?? null;
}
