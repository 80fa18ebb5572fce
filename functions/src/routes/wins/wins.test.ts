import type { Interaction, ListWinsResponse, WinTile } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';

const api = useApi();

type Answer<T> = { status: number; headers: Headers; json: T & { message?: string; field?: string; code?: string } };

async function member(timeZone = 'UTC') {
  const client = api().client();
  const { token } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': timeZone };
  const call = <T>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  return {
    create: (body: object) => call<WinTile>('POST', '/api/wins', body),
    update: (id: string, body: object) => call<WinTile>('PUT', `/api/wins/${id}`, body),
    pin: (id: string, pinned: unknown) => call<WinTile>('PUT', `/api/wins/${id}/pin`, { pinned }),
    share: (id: string) => call<WinTile>('POST', `/api/wins/${id}/share`),
    remove: (id: string) => call<{ deleted: true }>('DELETE', `/api/wins/${id}`),
    view: (date?: string) => call<ListWinsResponse>('GET', `/api/views/wins${date ? `?date=${date}` : ''}`),
    interaction: (id: string) => call<Interaction>('GET', `/api/interactions/${id}`),
    patchInteraction: (id: string, body: object) => call<Interaction>('PUT', `/api/interactions/${id}`, body),
    postInteraction: (body: object) => call<Interaction>('POST', '/api/interactions', body),
  };
}

describe('wins vault', () => {
  it('creates a win tile with defaults and lists it in the vault', async () => {
    const me = await member();
    const created = await me.create({ title: '  Led the quarterly review  ', achievedAt: '2026-06-14T09:30:00Z' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: 'Led the quarterly review',
      description: '',
      date: '2026-06-14',
      achievedAt: '2026-06-14T09:30:00.000Z',
      tags: ['Win'],
      emoji: '🎯',
      impact: [],
      source: 'manual',
      isPinned: false,
      isShared: false,
      shareCount: 0,
      originalContent: null,
    });
    expect(created.json.titleInteractionId).not.toBe(created.json.descriptionInteractionId);
    expect((await me.view('2026-06-01')).json.wins).toEqual([created.json]);
  });

  it('keeps every field sent: description, own tags after "Win", emoji, impact, source and the original content', async () => {
    const me = await member();
    const created = await me.create({
      title: 'Shipped the pilot',
      description: 'Forty users on day one',
      tags: ['Career', 'win', 'Career'],
      emoji: '🚀',
      impact: ['Unblocked the team', 'Saved a week'],
      source: 'chat',
      originalContent: 'I finally shipped it!',
    });
    expect(created.json).toMatchObject({ description: 'Forty users on day one', tags: ['Win', 'Career'], emoji: '🚀', impact: ['Unblocked the team', 'Saved a week'], source: 'chat', originalContent: 'I finally shipped it!' });
  });

  it('dates a win on the user’s own calendar day', async () => {
    const me = await member('Pacific/Auckland');
    const created = await me.create({ title: 'Late night breakthrough', achievedAt: '2026-03-31T20:00:00Z' });
    expect(created.json.date).toBe('2026-04-01');
    const moved = await me.update(created.json.id, { achievedAt: '2026-04-01T20:00:00+00:00' });
    expect(moved.json).toMatchObject({ date: '2026-04-02', achievedAt: '2026-04-01T20:00:00.000Z' });
  });

  it('edits only the fields sent and keeps the rest', async () => {
    const me = await member();
    const created = (await me.create({ title: 'Draft title', description: 'Keep me', impact: ['One'], originalContent: 'source text' })).json;
    const updated = await me.update(created.id, { title: 'Final title', impact: ['One', 'Two', 'Three'], originalContent: null });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: created.id, title: 'Final title', description: 'Keep me', impact: ['One', 'Two', 'Three'], originalContent: null, achievedAt: created.achievedAt });
    expect((await me.view()).json.wins).toEqual([updated.json]);
  });

  it('pins and unpins a win, and lists pinned wins first', async () => {
    const me = await member();
    const older = (await me.create({ title: 'Older', achievedAt: '2026-05-01T10:00:00Z' })).json;
    const newer = (await me.create({ title: 'Newer', achievedAt: '2026-05-20T10:00:00Z' })).json;
    expect((await me.view('2026-05-02')).json.wins.map((win) => win.title)).toEqual(['Newer', 'Older']);
    const pinned = await me.pin(older.id, true);
    expect([pinned.status, pinned.json.isPinned]).toEqual([200, true]);
    expect((await me.view('2026-05-02')).json.wins.map((win) => [win.title, win.isPinned])).toEqual([
      ['Older', true],
      ['Newer', false],
    ]);
    expect((await me.pin(older.id, false)).json.isPinned).toBe(false);
    expect((await me.view('2026-05-02')).json.wins.map((win) => win.id)).toEqual([newer.id, older.id]);
  });

  it('counts each share and marks the win shared', async () => {
    const me = await member();
    const created = (await me.create({ title: 'Spoke at the meetup' })).json;
    expect((await me.share(created.id)).json).toMatchObject({ isShared: true, shareCount: 1 });
    await Promise.all([me.share(created.id), me.share(created.id)]);
    expect((await me.view()).json.wins[0]).toMatchObject({ isShared: true, shareCount: 3 });
  });

  it('deletes a win, then answers 404 for it', async () => {
    const me = await member();
    const created = (await me.create({ title: 'Gone soon' })).json;
    const removed = await me.remove(created.id);
    expect([removed.status, removed.json]).toEqual([200, { deleted: true }]);
    expect((await me.view()).json.wins).toEqual([]);
    for (const again of [await me.remove(created.id), await me.update(created.id, { title: 'Back?' }), await me.pin(created.id, true), await me.share(created.id)]) {
      expect([again.status, again.json.message]).toEqual([404, 'Win not found.']);
    }
    expect((await me.view()).json.wins).toEqual([]);
  });

  it('answers 404 for another user’s win and leaves it untouched', async () => {
    const owner = await member();
    const other = await member();
    const mine = (await owner.create({ title: 'Mine' })).json;
    for (const attempt of [await other.update(mine.id, { title: 'Theirs' }), await other.pin(mine.id, true), await other.share(mine.id), await other.remove(mine.id)]) {
      expect(attempt.status).toBe(404);
    }
    expect((await other.view()).json.wins).toEqual([]);
    expect((await owner.view()).json.wins).toEqual([mine]);
  });

  it('digests the month of the date asked: its count and up to three previews, pinned first', async () => {
    const me = await member();
    const titles = ['First', 'Second', 'Third', 'Fourth'];
    const june = [];
    for (const [index, title] of titles.entries()) june.push((await me.create({ title, emoji: '⭐', achievedAt: `2026-06-0${index + 1}T12:00:00Z` })).json);
    await me.create({ title: 'In July', achievedAt: '2026-07-02T12:00:00Z' });
    await me.pin(june[0]!.id, true);
    const view = await me.view('2026-06-30');
    expect(view.json.digest).toEqual({
      month: 6,
      year: 2026,
      tileCount: 4,
      previewTiles: [
        { id: june[0]!.id, emoji: '⭐', title: 'First' },
        { id: june[3]!.id, emoji: '⭐', title: 'Fourth' },
        { id: june[2]!.id, emoji: '⭐', title: 'Third' },
      ],
    });
    expect(view.json.wins).toHaveLength(5);
    expect((await me.view('2026-07-15')).json.digest).toMatchObject({ month: 7, year: 2026, tileCount: 1 });
    expect((await me.view('2026-08-01')).json.digest).toEqual({ month: 8, year: 2026, tileCount: 0, previewTiles: [] });
  });

  it('digests the user’s current month when no date is given', async () => {
    const me = await member();
    await me.create({ title: 'Today’s win' });
    const { digest } = (await me.view()).json;
    const now = new Date();
    expect(digest).toMatchObject({ month: now.getUTCMonth() + 1, year: now.getUTCFullYear(), tileCount: 1 });
  });

  it('answers 400 naming the field for bad input and saves nothing', async () => {
    const me = await member();
    const cases: [object, string][] = [
      [{ title: '   ' }, 'title'],
      [{}, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', impact: ['a', 'b', 'c', 'd'] }, 'impact'],
      [{ title: 'Ok', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ title: 'Ok', tags: ['x'.repeat(41)] }, 'tags.0'],
      [{ title: 'Ok', source: 'dream' }, 'source'],
      [{ title: 'Ok', achievedAt: 'yesterday' }, 'achievedAt'],
    ];
    for (const [body, field] of cases) {
      const response = await me.create(body);
      expect([response.status, response.json.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await me.create({ title: '   ' })).json.message).toBe('Title is required');
    const win = (await me.create({ title: 'Valid' })).json;
    expect((await me.update(win.id, { title: '  ' })).json).toMatchObject({ field: 'title', message: 'Title is required' });
    expect((await me.update(win.id, {})).status).toBe(400);
    expect((await me.pin(win.id, 'yes')).json.field).toBe('pinned');
    expect((await me.view('2026-13-01')).json.field).toBe('date');
    expect((await me.view()).json.wins).toEqual([win]);
  });

  it('keeps a win’s title and description as interactions of kind win, changed and deleted only with the win', async () => {
    const me = await member('Asia/Tokyo');
    const client = api().client();
    const { token } = await registerMember(client);
    const win = (await me.create({ title: 'Closed the seed round', description: 'Three investors said yes.', achievedAt: '2026-06-30T20:00:00Z' })).json;
    const interaction = (id: string) => me.interaction(id);
    expect((await interaction(win.titleInteractionId)).json).toMatchObject({ kind: 'win', responseText: 'Closed the seed round', date: '2026-07-01', interactionMeta: { type: 'win-title' } });
    expect((await interaction(win.descriptionInteractionId)).json).toMatchObject({ kind: 'win', responseText: 'Three investors said yes.', interactionMeta: { type: 'win-description' } });

    await me.update(win.id, { title: 'Closed the seed round early', description: 'Four said yes.', achievedAt: '2026-06-29T09:00:00Z' });
    expect((await interaction(win.titleInteractionId)).json).toMatchObject({ responseText: 'Closed the seed round early', date: '2026-06-29' });
    expect((await interaction(win.descriptionInteractionId)).json).toMatchObject({ responseText: 'Four said yes.', date: '2026-06-29' });

    // Only the wins routes write them, so the tile and its interactions never disagree.
    const patched = await me.patchInteraction(win.titleInteractionId, { responseText: 'Sneaky' });
    expect([patched.status, patched.json.message]).toEqual([400, "A win's interactions are saved with the win: use /api/wins"]);
    const posted = await me.postInteraction({ kind: 'win', promptText: 'x', responseText: 'y', captureMethod: 'text', interactionMeta: { type: 'win-title' }, date: '2026-06-29' });
    expect([posted.status, posted.json.field]).toEqual([400, 'kind']);
    // Another user cannot read them.
    const foreign = await client.request('GET', `/api/interactions/${win.titleInteractionId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(foreign.status).toBe(404);

    await me.remove(win.id);
    expect((await interaction(win.titleInteractionId)).status).toBe(404);
    expect((await interaction(win.descriptionInteractionId)).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await api().client().request('GET', '/api/views/wins');
    expect(response.status).toBe(401);
  });

  it('reads the user’s zone once per dated request: creates in six database calls, renames in six; pins and shares in one, deletes in five', async () => {
    const me = await member();
    // The first request remembers the zone on the profile (one more call).
    expect(dbCalls(await me.view())).toBe(4);
    expect(dbCalls(await me.view())).toBe(3);
    expect(dbCalls(await me.view('2026-06-01'))).toBe(2);
    const created = await me.create({ title: 'Counted' });
    // The zone, the title and description interactions (each with its recent copy, for the day's reads), the win.
    expect(dbCalls(created)).toBe(7);
    // The zone, the win, the title interaction read and written (and its recent copy), the win written.
    expect(dbCalls(await me.update(created.json.id, { title: 'Recounted' }))).toBe(7);
    expect(dbCalls(await me.pin(created.json.id, true))).toBe(2);
    expect(dbCalls(await me.share(created.json.id))).toBe(2);
    // The win, and each interaction deleted with its tombstone for the day's reads.
    expect(dbCalls(await me.remove(created.json.id))).toBe(6);
  });
});
