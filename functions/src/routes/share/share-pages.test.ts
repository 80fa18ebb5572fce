import { MESSAGE_PAGE, NO_PARENT, type Conversation, type Message, type SharedLink } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { INVALID_SHARE_CURSOR } from '../../domain/share/share-cursor.ts';
import { bucketObjects, putTextBlob } from '../../store/blobs.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { keys } from '../../store/keys.ts';
import { putMessages } from '../../store/message-store.ts';
import { table } from '../../store/table.ts';
import { signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

type Shared = { shareId: string; title: string; messages: Message[]; nextCursor?: string | null };

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

/** A line of `count` messages of `size` characters each. */
function line(conversationId: string, count: number, size: number): Message[] {
  return Array.from({ length: count }, (_, i) => ({
    messageId: `m${String(i).padStart(3, '0')}`, conversationId, parentMessageId: i === 0 ? NO_PARENT : `m${String(i - 1).padStart(3, '0')}`,
    text: `m${i} `.padEnd(size, 'w'), sender: i % 2 ? 'Assistant' : 'User', isCreatedByUser: i % 2 === 0, createdAt: at(i), updatedAt: at(i),
  }));
}

async function seed(userId: string, id: string, messages: Message[]): Promise<void> {
  const conversation: Conversation = { conversationId: id, title: 'Long share', user: userId, isArchived: false, tags: [], createdAt: at(0), updatedAt: at(0) };
  await putConversation(userId, conversation);
  await putMessages(userId, messages);
}

/** Every public page, each checked to stay within a page's budget. */
async function readShare(shareId: string): Promise<Shared[]> {
  const pages: Shared[] = [];
  let path = `/api/share/${shareId}`;
  for (;;) {
    const response = await api().client().request<Shared>('GET', path);
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(MESSAGE_PAGE.budgetBytes);
    pages.push(response.json);
    if (!response.json.nextCursor) return pages;
    path = `/api/share/${shareId}?cursor=${response.json.nextCursor}`;
  }
}

const shareKeys = async (shareId: string) => (await bucketObjects('files').listKeys(`shares/${shareId}`)).sort();

describe('shared links in pages', () => {
  it('serves a long snapshot a page at a time, each under the budget; a refresh ends old cursors and a delete removes every page', async () => {
    const { userId, call } = await signUp(api().client());
    const messages = line('long', 30, 100_000);
    await seed(userId, 'long', messages);
    const created = await call<SharedLink>('POST', '/api/share/long', {});
    const pages = await readShare(created.json.shareId);
    expect(pages.length).toBe(4);
    expect(pages.flatMap((page) => page.messages.map((m) => m.messageId))).toEqual(messages.map((m) => m.messageId));
    expect(await shareKeys(created.json.shareId)).toHaveLength(4);

    const refreshed = await call<SharedLink>('PATCH', `/api/share/${created.json.shareId}`);
    expect(refreshed.status).toBe(200);
    const stale = await api().client().request<{ message: string }>('GET', `/api/share/${created.json.shareId}?cursor=${pages[0]!.nextCursor}`);
    expect(stale.status).toBe(400);
    expect(stale.json.message).toBe(INVALID_SHARE_CURSOR);

    await call('DELETE', `/api/share/${created.json.shareId}`);
    expect(await shareKeys(created.json.shareId)).toEqual([]);
  });

  it('refreshing a paged snapshot into one that fits its item deletes every stored page', async () => {
    const { userId, call } = await signUp(api().client());
    await seed(userId, 'shrinks', line('shrinks', 12, 100_000));
    const created = await call<SharedLink>('POST', '/api/share/shrinks', { targetMessageId: 'm011' });
    expect(await shareKeys(created.json.shareId)).toHaveLength(2);
    // Re-aimed at the root, the snapshot is one small message: kept in the item, nothing in S3.
    await table.update(keys.share(created.json.shareId), { UpdateExpression: 'SET targetMessageId = :t', ExpressionAttributeValues: { ':t': 'm000' } });
    await call('PATCH', `/api/share/${created.json.shareId}`);
    expect(await shareKeys(created.json.shareId)).toEqual([]);
    expect((await readShare(created.json.shareId)).flatMap((page) => page.messages.map((m) => m.messageId))).toEqual(['m000']);
  });

  it('pages a snapshot stored whole before pages existed as it reads it', async () => {
    const shareId = 'legacyWholeSnapshot0001';
    const messages = line('old', 25, 100_000);
    await putTextBlob(`shares/${shareId}.json`, JSON.stringify(messages));
    await table.put({ ...keys.share(shareId), entity: 'share', user: 'someone', shareId, conversationId: 'old', title: 'Old share', isPublic: true, targetMessageId: null, createdAt: at(0), updatedAt: at(0), snapshotRef: `shares/${shareId}.json` });
    const pages = await readShare(shareId);
    expect(pages.length).toBe(3);
    expect(pages.flatMap((page) => page.messages.map((m) => m.messageId))).toEqual(messages.map((m) => m.messageId));
    const forged = await api().client().request('GET', `/api/share/${shareId}?cursor=${Buffer.from(JSON.stringify({ v: 1, shareId, updatedAt: at(0), page: 9 })).toString('base64url')}`);
    expect(forged.status).toBe(400);
  });
});
