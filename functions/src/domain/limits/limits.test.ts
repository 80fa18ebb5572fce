import { parseAppConfig } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeRefusal, enforceRateLimit } from '../../http/rate-limit.ts';
import { startTestStack } from '../../local/test-stack.ts';
import { claimSlot, releaseSlot } from '../../store/reply-slot-store.ts';
import { listIpViolations, listViolations } from '../../store/violation-store.ts';
import { ChatRefusal } from './chat-refusal.ts';
import { acquireReplySlot, countMessage, REPLY_LEASE_MS, type LimitsDeps } from './limits.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

let ids = 0;
const config = parseAppConfig({
  rateLimits: { messages: { max: 3, windowMinutes: 2 }, messagesPerIp: { max: 5, windowMinutes: 1 } },
  concurrentMessages: { max: 2 },
  ban: { threshold: 2, windowMinutes: 60, durationMinutes: 30 },
});
/** The chat's limits wired to the app's one limiter, as chat-guards does, for a caller given here (no request scope in a unit test). */
const depsFor = (caller: { userId: string; ip?: string }): LimitsDeps => ({
  config: () => config,
  rateLimit: (name, subject, now, refusal) => enforceRateLimit(config, name, subject, now.getTime(), { ...caller, refusal }),
  chargeRefusal: (type, details, now) => chargeRefusal(config, type, details, now.getTime(), caller),
  claimSlot,
  releaseSlot,
  newId: () => `slot-${++ids}`,
  wait: async () => undefined,
});
// The start of a two-minute window, so every hit of a test lands in the same one.
const t0 = new Date(Math.ceil(Date.now() / 120_000) * 120_000);
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('message limit', () => {
  it('refuses the message past the cap with max and window, and records the violation', async () => {
    const deps = depsFor({ userId: 'm1', ip: '198.51.100.1' });
    for (let i = 0; i < 3; i++) await countMessage('m1', '198.51.100.1', t0, deps);
    const refusal = await failure(countMessage('m1', '198.51.100.1', t0, deps));
    expect(refusal).toBeInstanceOf(ChatRefusal);
    expect(refusal).toMatchObject({ code: 'message_limit', info: { max: 3, windowInMinutes: 2 } });
    expect((refusal as Error).message).toBe('You hit the message limit. You have a cap of 3 message(s) per 2 minute(s).');
    expect(await listViolations('m1', 'message_limit')).toEqual([{ type: 'message_limit', at: t0.toISOString(), details: { limit: 'messages', max: 3, windowMinutes: 2 } }]);
  });

  it('counts again in the next window', async () => {
    const deps = depsFor({ userId: 'm2', ip: '198.51.100.2' });
    for (let i = 0; i < 3; i++) await countMessage('m2', '198.51.100.2', t0, deps);
    // The next window starts from nothing: the whole cap again, and only the message past it is refused.
    const next = new Date(t0.getTime() + 120_000);
    for (let i = 0; i < 3; i++) await expect(countMessage('m2', '198.51.100.2', next, deps)).resolves.toBeUndefined();
    await expect(countMessage('m2', '198.51.100.2', next, deps)).rejects.toMatchObject({ code: 'message_limit' });
    expect((await listViolations('m2', 'message_limit')).map((violation) => violation.at)).toEqual([next.toISOString()]);
  });

  it('caps one IP address across users', async () => {
    for (let i = 0; i < 5; i++) await countMessage(`ip-user-${i}`, '203.0.113.9', t0, depsFor({ userId: `ip-user-${i}`, ip: '203.0.113.9' }));
    await expect(countMessage('ip-user-5', '203.0.113.9', t0, depsFor({ userId: 'ip-user-5', ip: '203.0.113.9' }))).rejects.toMatchObject({
      code: 'message_limit',
      info: { max: 5, windowInMinutes: 1 },
    });
  });
});

describe('chat refusals and bans', () => {
  it('count toward a ban like any other limit: the member and their address are then refused with BANNED before anything is counted', async () => {
    const deps = depsFor({ userId: 'b1', ip: '198.51.100.77' });
    for (let i = 0; i < 3; i++) await countMessage('b1', '198.51.100.77', t0, deps);
    await expect(countMessage('b1', '198.51.100.77', t0, deps)).rejects.toMatchObject({ code: 'message_limit' });
    // The second refusal of any kind (here: replies at once) reaches the threshold of two.
    await acquireReplySlot('b1', t0, deps);
    await acquireReplySlot('b1', t0, deps);
    await expect(acquireReplySlot('b1', t0, deps)).rejects.toMatchObject({ code: 'concurrent' });
    expect((await listViolations('b1', 'ban')).map((violation) => violation.details.cause)).toEqual(['concurrent']);

    await expect(countMessage('b1', '198.51.100.77', t0, deps)).rejects.toMatchObject({ code: 'BANNED' });
    // Another member on the banned address is refused too.
    await expect(countMessage('b2', '198.51.100.77', t0, depsFor({ userId: 'b2', ip: '198.51.100.77' }))).rejects.toMatchObject({ code: 'BANNED' });
    expect(await listIpViolations('198.51.100.77')).toEqual([]);
  });
});

describe('replies at once', () => {
  it('refuses a reply past the limit with the limit, records it, and lets the next in once one is released', async () => {
    const deps = depsFor({ userId: 'c1' });
    const first = await acquireReplySlot('c1', t0, deps);
    await acquireReplySlot('c1', t0, deps);
    const refusal = await failure(acquireReplySlot('c1', t0, deps));
    expect(refusal).toMatchObject({ code: 'concurrent', info: { limit: 2 } });
    expect((refusal as Error).message).toMatch(/^Only 2 message\(s\) at a time/);
    expect(await listViolations('c1', 'concurrent')).toHaveLength(1);
    await first();
    await first();
    await acquireReplySlot('c1', t0, deps);
    await expect(acquireReplySlot('c1', t0, deps)).rejects.toMatchObject({ code: 'concurrent' });
  });

  it('lets a message in when a reply finishing meanwhile frees its slot within the grace', async () => {
    const deps = depsFor({ userId: 'c5' });
    const held = await acquireReplySlot('c5', t0, deps);
    await acquireReplySlot('c5', t0, deps);
    let pauses = 0;
    const finishing: LimitsDeps = { ...deps, wait: async () => void (++pauses === 2 && (await held())) };
    await expect(acquireReplySlot('c5', t0, finishing)).resolves.toBeTypeOf('function');
    expect(pauses).toBe(2);
    expect(await listViolations('c5', 'concurrent')).toHaveLength(0);
  });

  it('frees the slots of replies whose invocation died, once their lease ends', async () => {
    const deps = depsFor({ userId: 'c2' });
    await acquireReplySlot('c2', t0, deps);
    await acquireReplySlot('c2', t0, deps);
    await expect(acquireReplySlot('c2', new Date(t0.getTime() + REPLY_LEASE_MS - 1), deps)).rejects.toMatchObject({ code: 'concurrent' });
    await acquireReplySlot('c2', new Date(t0.getTime() + REPLY_LEASE_MS), deps);
  });

  it('keeps other users’ slots apart', async () => {
    await acquireReplySlot('c3', t0, depsFor({ userId: 'c3' }));
    await acquireReplySlot('c3', t0, depsFor({ userId: 'c3' }));
    // c3 holds both of theirs; c4 still gets both of its own, and c3 stays full.
    for (let i = 0; i < 2; i++) await expect(acquireReplySlot('c4', t0, depsFor({ userId: 'c4' }))).resolves.toBeTypeOf('function');
    await expect(acquireReplySlot('c3', t0, depsFor({ userId: 'c3' }))).rejects.toMatchObject({ code: 'concurrent' });
    expect(await listViolations('c4', 'concurrent')).toEqual([]);
  });
});
