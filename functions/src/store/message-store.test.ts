import { NO_PARENT, type Message } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { deleteAllMessages, getAllMessages, getMessage, getMessagePage, INLINE_BODY_LIMIT_BYTES, putMessages } from './message-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

function message(id: string, parent: string, second: number, text: string): Message {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  return { messageId: id, conversationId: 'c1', parentMessageId: parent, text, sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at };
}

describe('message store', () => {
  it('returns a conversation’s messages oldest first, and only that user’s', async () => {
    await putMessages('u1', [message('m2', 'm1', 2, 'second'), message('m1', NO_PARENT, 1, 'first')]);
    await putMessages('u2', [message('m9', NO_PARENT, 3, 'someone else')]);
    expect((await getAllMessages('u1', 'c1')).map((m) => m.messageId)).toEqual(['m1', 'm2']);
    expect(await getMessage('u2', 'c1', 'm1')).toBeUndefined();
  });

  it('keeps a body over the item limit in S3 and reads it back whole', async () => {
    const huge = 'λ'.repeat(INLINE_BODY_LIMIT_BYTES);
    await putMessages('u1', [message('big', 'm2', 4, huge)]);
    const back = await getMessage('u1', 'c1', 'big');
    expect(back?.text).toBe(huge);
    const page = await getMessagePage('u1', 'c1');
    expect(page.messages.find((m) => m.messageId === 'big')?.text.length).toBe(huge.length);
  });

  it('deletes every message of a conversation, S3 bodies included', async () => {
    expect(await deleteAllMessages('u1', 'c1')).toBe(3);
    expect(await getAllMessages('u1', 'c1')).toEqual([]);
    expect(await getAllMessages('u2', 'c1')).toHaveLength(1);
  });
});
