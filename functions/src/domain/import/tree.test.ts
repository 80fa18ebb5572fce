import { describe, expect, it } from 'vitest';
import { keepOnly, orderMessages, resolveParents } from './tree.ts';
import type { DraftMessage } from './types.ts';

function draft(sourceId: string, parentSourceId: string | null, time?: number): DraftMessage {
  return { sourceId, parentSourceId, text: sourceId, sender: 'User', isCreatedByUser: true, time };
}

describe('keepOnly', () => {
  it('moves a kept message past dropped ancestors to the nearest kept one', () => {
    const kept = keepOnly([draft('a', null), draft('x', 'a'), draft('y', 'x'), draft('b', 'y'), draft('c', 'z')], (message) => !['x', 'y'].includes(message.sourceId));
    expect(kept.map((message) => [message.sourceId, message.parentSourceId])).toEqual([
      ['a', null],
      ['b', 'a'],
      ['c', null],
    ]);
  });

  it('ends in a root when the dropped ancestors form a loop', () => {
    const kept = keepOnly([draft('x', 'y'), draft('y', 'x'), draft('b', 'x')], (message) => message.sourceId === 'b');
    expect(kept).toEqual([expect.objectContaining({ sourceId: 'b', parentSourceId: null })]);
  });
});

describe('resolveParents', () => {
  it('makes unknown and self parents roots and cuts loops', () => {
    const parents = resolveParents([draft('a', 'missing'), draft('b', 'b'), draft('c', 'd'), draft('d', 'e'), draft('e', 'c')]);
    expect(parents.get('a')).toBeNull();
    expect(parents.get('b')).toBeNull();
    const loop = ['c', 'd', 'e'].map((id) => parents.get(id));
    expect(loop.filter((parent) => parent === null)).toHaveLength(1);
  });
});

describe('orderMessages', () => {
  it('keeps the file times when they agree with the tree', () => {
    const ordered = orderMessages([draft('b', 'a', 2000), draft('a', null, 1000), draft('c', 'a', 1500)], 0);
    expect(ordered.map((entry) => [entry.message.sourceId, entry.time])).toEqual([
      ['a', 1000],
      ['c', 1500],
      ['b', 2000],
    ]);
  });

  it('puts a reply dated before its question after it, and separates equal times', () => {
    const ordered = orderMessages([draft('q', null, 5000), draft('r', 'q', 4000), draft('s', 'r', 5000)], 0);
    expect(ordered.map((entry) => [entry.message.sourceId, entry.parentSourceId, entry.time])).toEqual([
      ['q', null, 5000],
      ['r', 'q', 5001],
      ['s', 'r', 5002],
    ]);
  });

  it('handles a chain far deeper than the call stack', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) => draft(`m${i}`, i === 0 ? null : `m${i - 1}`));
    const ordered = orderMessages(chain.reverse(), 1000);
    expect(ordered[0]!.message.sourceId).toBe('m0');
    expect(ordered.at(-1)).toMatchObject({ message: { sourceId: 'm49999' }, time: 1000 + 49_999 });
  });
});
