import { NO_PARENT, type Message } from '@meld/shared';

/**
 * A conversation with branches at three levels, written in the order a user would make it:
 *
 *   m1 ─┬─ m2 ─┬─ m3 ── m4
 *       │      └─ m3b ── m4b ── m5b     (m3 edited)
 *       └─ m2b ── m3c                   (m2 regenerated)
 *   m1x ── m2x                          (m1 edited: a second root)
 *
 * Depths: m1 m1x 0; m2 m2b m2x 1; m3 m3b m3c 2; m4 m4b 3; m5b 4. Each text names its message.
 */
export const TREE: readonly (readonly [id: string, parent: string | null])[] = [
  ['m1', null],
  ['m2', 'm1'],
  ['m3', 'm2'],
  ['m4', 'm3'],
  ['m3b', 'm2'],
  ['m4b', 'm3b'],
  ['m5b', 'm4b'],
  ['m2b', 'm1'],
  ['m3c', 'm2b'],
  ['m1x', null],
  ['m2x', 'm1x'],
];

export function branchedTree(conversationId = 'c1', start = Date.UTC(2026, 0, 10, 9)): Message[] {
  return TREE.map(([id, parent], i) => {
    const at = new Date(start + i * 60_000).toISOString();
    const fromUser = ['m1', 'm3', 'm3b', 'm5b', 'm3c', 'm1x'].includes(id);
    return {
      messageId: id,
      conversationId,
      parentMessageId: parent ?? NO_PARENT,
      text: `${id}: ${fromUser ? 'a question about Lisbon' : 'an answer about Lisbon'}`,
      sender: fromUser ? 'User' : 'GPT-4o',
      isCreatedByUser: fromUser,
      model: 'gpt-4o',
      endpoint: 'openAI',
      createdAt: at,
      updatedAt: at,
    };
  });
}
