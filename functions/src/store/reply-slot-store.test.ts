import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../local/test-stack.ts';
import { claimSlot, releaseSlot } from './reply-slot-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const now = 1_770_000_000_000;
const lease = now + 60_000;

describe('reply slots', () => {
  it('lets exactly one of five first replies racing for a single slot through', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => claimSlot('s1', `r${i}`, lease, 1, now)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('never hands out more slots than the limit when ten replies race', async () => {
    await claimSlot('s2', 'first', lease, 3, now);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => claimSlot('s2', `r${i}`, lease, 3, now)));
    expect(results.filter(Boolean)).toHaveLength(2);
  });

  it('frees a slot when the reply releases it', async () => {
    expect(await claimSlot('s3', 'a', lease, 1, now)).toBe(true);
    expect(await claimSlot('s3', 'b', lease, 1, now)).toBe(false);
    await releaseSlot('s3', 'a');
    expect(await claimSlot('s3', 'b', lease, 1, now)).toBe(true);
    await releaseSlot('s3', 'gone');
  });

  it('takes back the slot of a reply that died once its lease has run out', async () => {
    expect(await claimSlot('s4', 'crashed', lease, 1, now)).toBe(true);
    expect(await claimSlot('s4', 'next', lease + 60_000, 1, lease - 1)).toBe(false);
    expect(await claimSlot('s4', 'next', lease + 60_000, 1, lease)).toBe(true);
    expect(await claimSlot('s4', 'third', lease + 60_000, 1, lease)).toBe(false);
  });
});
