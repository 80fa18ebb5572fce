import { NO_PARENT, type Message } from '@meld/shared';

/** A conversation of `count` short messages, each answering the one before (the shape a very long chat has). */
export function messageChain(conversationId: string, count: number): Message[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i): Message => {
    const at = new Date(start + i * 1_000).toISOString();
    return { messageId: `m${i}`, conversationId, parentMessageId: i ? `m${i - 1}` : NO_PARENT, text: `Message ${i}`, sender: i % 2 ? 'Meld' : 'User', isCreatedByUser: i % 2 === 0, createdAt: at, updatedAt: at };
  });
}
