import type { MentorFeedResponse } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { startApi, type Api } from '../api-test-kit.ts';
import { entry, seedInteraction, zonedMember } from '../interactions/__fixtures__/days.ts';

let api: Api;

beforeAll(async () => {
  api = await startApi();
}, 30_000);

afterAll(async () => {
  await api?.stop();
});

const today = () => localDate(new Date(), 'UTC');

/** A member in UTC whose energy was low the three days up to yesterday, with a compass answer two days ago. */
async function tiredMember() {
  const me = await zonedMember(api.client(), 'UTC');
  for (let back = 1; back <= 3; back++) await seedInteraction(me.userId, entry('energy', 20 + back, addDays(today(), -back)));
  return me;
}

const rechargeId = () => `recharge-${addDays(today(), -3)}`;
type Me = Awaited<ReturnType<typeof tiredMember>>;
const feed = async (me: Me) => (await me.call<MentorFeedResponse>('GET', '/api/mentor-feed')).json;

describe('the mentor feed', () => {
  it('shows a recharge nudge after three low-energy days, with tab counts', async () => {
    const me = await tiredMember();
    const response = await me.call<MentorFeedResponse>('GET', '/api/mentor-feed');
    expect(response.status).toBe(200);
    expect(response.json.cards.map((card) => card.id)).toEqual([rechargeId()]);
    expect(response.json.cards[0]).toMatchObject({ type: 'nudge', isRead: false, primaryAction: { href: '/today?reflect=evening' } });
    expect(response.json.counts).toEqual({ all: 1, insights: 0, nudges: 1, journal: 0, tasks: 0 });
    expect(response.json.unread).toBe(1);
  });

  it('keeps a card read once marked read', async () => {
    const me = await tiredMember();
    const marked = await me.call<MentorFeedResponse>('PATCH', `/api/mentor-feed/cards/${rechargeId()}`, { action: 'read' });
    expect(marked.status).toBe(200);
    expect((await feed(me)).cards[0]).toMatchObject({ id: rechargeId(), isRead: true });
    expect((await feed(me)).unread).toBe(0);
  });

  it('counts a new card as unseen until the feed is opened, and keeps it seen (Today\'s dot)', async () => {
    const me = await tiredMember();
    expect((await feed(me)).unseen).toBe(1);
    const seen = await me.call<MentorFeedResponse>('POST', '/api/mentor-feed/seen');
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ unseen: 0, unread: 1 });
    expect(await feed(me)).toMatchObject({ unseen: 0, unread: 1 });
    // A later action on the card keeps it seen.
    await me.call('PATCH', `/api/mentor-feed/cards/${rechargeId()}`, { action: 'snooze', days: 1 });
    const other = await tiredMember();
    expect((await feed(other)).unseen).toBe(1);
  });

  it('keeps archived and snoozed cards out of the feed', async () => {
    const archiver = await tiredMember();
    await archiver.call('PATCH', '/api/mentor-feed/cards', { ids: [rechargeId()], action: 'archive' });
    expect((await feed(archiver)).cards).toEqual([]);
    const snoozer = await tiredMember();
    const snoozed = await snoozer.call<MentorFeedResponse>('PATCH', `/api/mentor-feed/cards/${rechargeId()}`, { action: 'snooze', days: 7 });
    expect(snoozed.json.cards).toEqual([]);
    expect((await feed(snoozer)).counts.all).toBe(0);
  });

  it('refuses a snooze without 1 or 7 days', async () => {
    const me = await tiredMember();
    expect((await me.call('PATCH', `/api/mentor-feed/cards/${rechargeId()}`, { action: 'snooze' })).status).toBe(400);
    expect((await me.call('PATCH', '/api/mentor-feed/cards', { ids: [rechargeId()], action: 'snooze', days: 3 })).status).toBe(400);
  });

  it('stops a muted trigger from producing cards', async () => {
    const me = await tiredMember();
    await me.call('PATCH', '/api/mentor-feed/cards', { ids: [rechargeId()], action: 'mute-trigger' });
    await seedInteraction(me.userId, entry('energy', 10, today()));
    expect((await feed(me)).cards).toEqual([]);
  });

  it("answers 404 for another member's card and ignores it in bulk", async () => {
    await tiredMember();
    const other = await zonedMember(api.client(), 'UTC');
    expect((await other.call('PATCH', `/api/mentor-feed/cards/${rechargeId()}`, { action: 'archive' })).status).toBe(404);
    const bulk = await other.call<MentorFeedResponse>('PATCH', '/api/mentor-feed/cards', { ids: [rechargeId()], action: 'archive' });
    expect(bulk.status).toBe(200);
    expect(bulk.json.cards).toEqual([]);
  });
});
