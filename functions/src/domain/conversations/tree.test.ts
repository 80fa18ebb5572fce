import { NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { buildTree, cloneMessages, pathToRoot } from './tree.ts';

function counter() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('the message tree', () => {
  it('gives each message its depth, roots at 0', () => {
    const { depth } = buildTree(branchedTree());
    expect(Object.fromEntries(depth)).toEqual({ m1: 0, m1x: 0, m2: 1, m2b: 1, m2x: 1, m3: 2, m3b: 2, m3c: 2, m4: 3, m4b: 3, m5b: 4 });
  });

  it('walks from a message up to its root, and stops on a parent cycle', () => {
    expect(pathToRoot(buildTree(branchedTree()), 'm4b').map((message) => message.messageId)).toEqual(['m1', 'm2', 'm3b', 'm4b']);
    const [a, b] = branchedTree().slice(0, 2) as [Message, Message];
    const cycle = [{ ...a, parentMessageId: 'm2' }, b];
    expect(pathToRoot(buildTree(cycle), 'm2').map((message) => message.messageId)).toEqual(['m1', 'm2']);
  });
});

describe('cloning messages into another conversation', () => {
  it('gives every message a new id and the new conversation, and keeps the tree’s shape', () => {
    const source = branchedTree();
    const copies = cloneMessages(source, 'c2', counter());
    expect(copies).toHaveLength(source.length);
    const originalOf = new Map(copies.map((copy) => [copy.messageId, source.find((message) => message.text === copy.text)!]));
    for (const copy of copies) {
      const original = originalOf.get(copy.messageId)!;
      expect(copy.messageId).toMatch(/^new-/);
      expect(copy.conversationId).toBe('c2');
      expect(copy.createdAt).toBe(original.createdAt);
      const parentOriginal = copy.parentMessageId === NO_PARENT ? NO_PARENT : originalOf.get(copy.parentMessageId)!.messageId;
      expect(parentOriginal).toBe(original.parentMessageId);
    }
  });

  it('returns the copies oldest first', () => {
    const copies = cloneMessages(branchedTree().reverse(), 'c2', counter());
    const times = copies.map((copy) => copy.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('moves a reply stamped no later than its parent to just after it, so parents always list first', () => {
    const [question, answer] = branchedTree().slice(0, 2) as [Message, Message];
    const early = { ...answer, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    const [first, second] = cloneMessages([early, question], 'c2', counter());
    expect(first!.text).toBe(question.text);
    expect(second!.text).toBe(answer.text);
    expect(Date.parse(second!.createdAt) - Date.parse(first!.createdAt)).toBe(1);
    expect(second!.updatedAt).toBe(second!.createdAt);
  });

  it('makes a message a root when its parent is not copied', () => {
    const [, answer] = branchedTree() as [Message, Message];
    expect(cloneMessages([answer], 'c2', counter())[0]!.parentMessageId).toBe(NO_PARENT);
  });
});
