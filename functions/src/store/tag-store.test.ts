import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { adjustTagCounts, getTag, listTags } from './tag-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('tag counts', () => {
  it('creates a missing tag on a positive delta, after the existing ones', async () => {
    await adjustTagCounts('t1', { work: 2 });
    await adjustTagCounts('t1', { ideas: 1 });
    const tags = await listTags('t1');
    expect(tags.map((t) => [t.tag, t.count, t.position, t.description])).toEqual([['work', 2, 0, null], ['ideas', 1, 1, null]]);
  });

  it('adds concurrent deltas without losing any', async () => {
    await Promise.all(Array.from({ length: 10 }, () => adjustTagCounts('t2', { busy: 1 })));
    expect((await getTag('t2', 'busy'))?.count).toBe(10);
  });

  it('never goes below zero and never creates a tag on a negative delta', async () => {
    await adjustTagCounts('t3', { drift: 1 });
    await adjustTagCounts('t3', { drift: -3, ghost: -1 });
    expect((await getTag('t3', 'drift'))?.count).toBe(0);
    expect(await getTag('t3', 'ghost')).toBeUndefined();
  });
});
