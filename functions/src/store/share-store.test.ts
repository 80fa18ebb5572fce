import type { Message, SharedLink } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { claimShareRecord, deleteAllSharesOfUser, deleteSharesForConversation, getShareRecord, getSnapshotPage, putSnapshot } from './share-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const at = '2026-01-01T00:00:00.000Z';
function link(shareId: string, conversationId: string): SharedLink {
  return { shareId, conversationId, title: 'A talk', isPublic: true, targetMessageId: null, createdAt: at, updatedAt: at };
}
function message(text: string): Message {
  return { messageId: 'm1', conversationId: 'c', parentMessageId: '00000000-0000-0000-0000-000000000000', text, sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at };
}

describe('share store', () => {
  it('keeps one link per conversation', async () => {
    expect(await claimShareRecord('s1', link('share-a', 'c1'))).toBeUndefined();
    expect((await claimShareRecord('s1', link('share-b', 'c1')))?.shareId).toBe('share-a');
  });

  it('stores large snapshots in S3, a page an object, and reads each page back whole', async () => {
    const big = 'x'.repeat(400_000);
    await claimShareRecord('s2', link('share-big', 'c2'));
    await putSnapshot('s2', link('share-big', 'c2'), [[message(big)], [message('second page')]]);
    expect(await getSnapshotPage('share-big', 0)).toMatchObject({ pages: 2, messages: [{ text: big }] });
    expect(await getSnapshotPage('share-big', 1)).toMatchObject({ pages: 2, messages: [{ text: 'second page' }] });
  });

  it('deletes a conversation’s link and all links of a user, counting them', async () => {
    for (const [shareId, conversationId] of [['d1', 'c1'], ['d2', 'c2'], ['d3', 'c3']] as const) {
      await claimShareRecord('s3', link(shareId, conversationId));
      await putSnapshot('s3', link(shareId, conversationId), [[message(conversationId === 'c3' ? 'y'.repeat(400_000) : 'hi')]]);
    }
    expect(await deleteSharesForConversation('s3', 'c1')).toBe(1);
    expect(await deleteSharesForConversation('s3', 'c1')).toBe(0);
    expect(await getSnapshotPage('d1', 0)).toBeUndefined();
    expect(await deleteAllSharesOfUser('s3')).toBe(2);
    expect(await getSnapshotPage('d3', 0)).toBeUndefined();
    expect(await getShareRecord('s3', 'c2')).toBeUndefined();
  });
});
