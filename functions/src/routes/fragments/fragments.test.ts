import type { Fragment, ListWinsResponse, ThemeCluster, WinTile, WovenReflection } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, indexesSettled, signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

type Listed = { fragments: Fragment[]; nextCursor: string | null };
type Refusal = { message: string; field?: string };

async function member() {
  const { call } = await signUp(api().client());
  const capture = async (body: object) => {
    const created = await call<Fragment>('POST', '/api/fragments', body);
    expect(created.status).toBe(201);
    // The inbox, its search and themes read an index, which in AWS has a capture within a second.
    await indexesSettled();
    return created.json;
  };
  return { call, capture };
}

describe('fragments', () => {
  it('captures a fragment with its detected type and word count, reads, edits, pins and deletes it', async () => {
    const { call, capture } = await member();
    const created = await capture({ content: '  Call the design team about the launch  ' });
    expect(created).toMatchObject({ content: 'Call the design team about the launch', type: 'todo', source: 'manual', tags: [], isPinned: false, wordCount: 7, sourceUrl: null });
    expect((await call<Fragment>('GET', `/api/fragments/${created.id}`)).json).toEqual(created);

    const edited = await call<Fragment>('PATCH', `/api/fragments/${created.id}`, { content: 'What makes a launch feel calm?', tags: ['launch'] });
    expect(edited.json).toMatchObject({ type: 'question', wordCount: 6, tags: ['launch'] });
    const pinned = await call<Fragment>('PATCH', `/api/fragments/${created.id}`, { isPinned: true });
    expect(pinned.json).toMatchObject({ isPinned: true, content: 'What makes a launch feel calm?' });

    expect((await call('DELETE', `/api/fragments/${created.id}`)).json).toEqual({ deleted: true });
    expect((await call('GET', `/api/fragments/${created.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/fragments/${created.id}`)).status).toBe(404);
  });

  it('keeps a type the member chose, even when the content changes', async () => {
    const { call, capture } = await member();
    const created = await capture({ content: 'Ship the report', type: 'insight' });
    expect(created.type).toBe('insight');
    const edited = await call<Fragment>('PATCH', `/api/fragments/${created.id}`, { content: 'Will the report land?' });
    expect(edited.json).toMatchObject({ type: 'insight', wordCount: 4 });
  });

  it('keeps a web clip with its source address', async () => {
    const { capture } = await member();
    const clip = await capture({ content: 'Simplicity is prerequisite for reliability', source: 'web', sourceUrl: 'https://example.com/essay' });
    expect(clip).toMatchObject({ source: 'web', sourceUrl: 'https://example.com/essay', type: 'general' });
  });

  it('answers a retried capture with the first fragment', async () => {
    const { call, capture } = await member();
    const first = await capture({ content: 'I learned to ask earlier', clientRequestId: 'capture-0001' });
    const again = await capture({ content: 'I learned to ask earlier', clientRequestId: 'capture-0001' });
    expect(again).toEqual(first);
    expect((await call<Listed>('GET', '/api/fragments')).json.fragments).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const { call, capture } = await member();
    const cases: [string, string, object, string][] = [
      ['POST', '/api/fragments', { content: '   ' }, 'content'],
      ['POST', '/api/fragments', { content: 'x'.repeat(5_001) }, 'content'],
      ['POST', '/api/fragments', { content: 'Hi', type: 'poem' }, 'type'],
      ['POST', '/api/fragments', { content: 'Hi', source: 'voice' }, 'source'],
      ['POST', '/api/fragments', { content: 'Hi', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      ['POST', '/api/fragments', { content: 'Hi', sourceUrl: 'ftp://example.com' }, 'sourceUrl'],
    ];
    const { id } = await capture({ content: 'A note' });
    cases.push(['PATCH', `/api/fragments/${id}`, { isPinned: 'yes' }, 'isPinned']);
    for (const [method, path, body, field] of cases) {
      const answer = await call<Refusal>(method, path, body);
      expect([answer.status, answer.json.field]).toEqual([400, field]);
    }
    expect((await call<Refusal>('PATCH', `/api/fragments/${id}`, {})).status).toBe(400);
    expect((await call<Refusal>('GET', '/api/fragments?limit=0')).json.field).toBe('limit');
  });

  it('lists newest first in pages, and searches content and tags without regard to case', async () => {
    const { call, capture } = await member();
    const a = await capture({ content: 'Morning pages help me think' });
    const b = await capture({ content: 'Energy dips after lunch', tags: ['Wellbeing'] });
    const c = await capture({ content: 'What would a calm week look like?' });

    const first = await call<Listed>('GET', '/api/fragments?limit=2');
    expect(first.json.fragments.map((f) => f.id)).toEqual([c.id, b.id]);
    expect(dbCalls(first)).toBe(2);
    const second = await call<Listed>('GET', `/api/fragments?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json).toEqual({ fragments: [a], nextCursor: null });

    const search = async (q: string) => (await call<Listed>('GET', `/api/fragments?q=${encodeURIComponent(q)}`)).json.fragments.map((f) => f.id);
    expect(await search('MORNING')).toEqual([a.id]);
    expect(await search('wellbeing')).toEqual([b.id]);
    expect(await search('nothing like this')).toEqual([]);
    expect((await call<Listed>('GET', '/api/fragments?type=question')).json.fragments.map((f) => f.id)).toEqual([c.id]);
    expect((await call<Refusal>('GET', '/api/fragments?cursor=not-a-cursor')).status).toBe(400);
  });

  it("answers 404 for another user's fragment on every route", async () => {
    const owner = await member();
    const other = await member();
    const { id } = await owner.capture({ content: 'Private thought' });
    const { id: own } = await other.capture({ content: 'My own thought' });
    const answers = await Promise.all([
      other.call('GET', `/api/fragments/${id}`),
      other.call('PATCH', `/api/fragments/${id}`, { isPinned: true }),
      other.call('DELETE', `/api/fragments/${id}`),
      other.call('POST', `/api/fragments/${id}/pin-to-wins`),
      other.call('POST', '/api/fragments/weave', { fragmentIds: [own, id], title: 'Borrowed', body: 'Not mine' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await other.call<Listed>('GET', '/api/fragments')).json.fragments.map((f) => f.id)).toEqual([own]);
    expect((await other.call<ListWinsResponse>('GET', '/api/views/wins')).json.wins).toEqual([]);
    expect((await owner.call<Fragment>('GET', `/api/fragments/${id}`)).json.isPinned).toBe(false);
  });

  it('weaves fragments into a saved reflection and keeps the fragments', async () => {
    const { call, capture } = await member();
    const a = await capture({ content: 'I realized I rush the opening' });
    const b = await capture({ content: 'Pause before the first slide' });
    const woven = await call<WovenReflection>('POST', '/api/fragments/weave', { fragmentIds: [b.id, a.id, b.id], title: ' Opening calmly ', body: 'Slow the first minute.' });
    expect(woven.status).toBe(201);
    expect(woven.json).toMatchObject({ title: 'Opening calmly', body: 'Slow the first minute.', fragmentIds: [b.id, a.id] });
    expect((await call<Listed>('GET', '/api/fragments')).json.fragments).toHaveLength(2);
    const refused = await call<Refusal>('POST', '/api/fragments/weave', { fragmentIds: [], title: 'Empty', body: 'Nothing' });
    expect([refused.status, refused.json.field]).toEqual([400, 'fragmentIds']);
    const untitled = await call<Refusal>('POST', '/api/fragments/weave', { fragmentIds: [a.id], title: '  ', body: 'Body' });
    expect([untitled.status, untitled.json.field]).toEqual([400, 'title']);
  });

  it('pins a fragment to the wins vault as a win from a fragment', async () => {
    const { call, capture } = await member();
    const fragment = await capture({ content: 'Closed the partnership deal after three months', tags: ['sales'] });
    const pinned = await call<WinTile>('POST', `/api/fragments/${fragment.id}/pin-to-wins`);
    expect(pinned.status).toBe(201);
    expect(pinned.json).toMatchObject({ title: fragment.content, source: 'fragment', originalContent: fragment.content, tags: ['Win', 'sales'] });
    const vault = await call<ListWinsResponse>('GET', '/api/views/wins');
    expect(vault.json.wins.map((win) => win.id)).toEqual([pinned.json.id]);
    expect((await call('POST', '/api/fragments/missing-id/pin-to-wins')).status).toBe(404);
    // Pinned again (a double click): the same win, not a second one; once that win is deleted, a new one.
    expect((await call<WinTile>('POST', `/api/fragments/${fragment.id}/pin-to-wins`)).json.id).toBe(pinned.json.id);
    expect((await call<ListWinsResponse>('GET', '/api/views/wins')).json.wins).toHaveLength(1);
    await call('DELETE', `/api/wins/${pinned.json.id}`);
    const repinned = await call<WinTile>('POST', `/api/fragments/${fragment.id}/pin-to-wins`);
    expect(repinned.json.id).not.toBe(pinned.json.id);
    expect((await call<ListWinsResponse>('GET', '/api/views/wins')).json.wins.map((win) => win.id)).toEqual([repinned.json.id]);
  });

  it('groups the fragments into labelled themes with counts and filters the inbox by theme', async () => {
    const { call, capture } = await member();
    const talk = await capture({ content: 'Presenting to the board went better with a story' });
    const listen = await capture({ content: 'Listen first in every meeting' });
    const team = await capture({ content: 'Delegate the release to the team' });
    await capture({ content: 'Blue sky' });
    const themes = await call<{ themes: ThemeCluster[] }>('GET', '/api/fragments/themes');
    expect(themes.json.themes.map(({ id, label, fragmentCount, changePercent }) => ({ id, label, fragmentCount, changePercent }))).toEqual([
      { id: 'communication', label: 'Communication', fragmentCount: 2, changePercent: null },
      { id: 'leadership', label: 'Leadership', fragmentCount: 1, changePercent: null },
    ]);
    expect(themes.json.themes[0]!.fragmentIds).toEqual([listen.id, talk.id]);
    expect(talk.clusterId).toBe('communication');
    const inTheme = await call<Listed>('GET', '/api/fragments?clusterId=leadership');
    expect(inTheme.json.fragments.map((f) => f.id)).toEqual([team.id]);
  });

  it('keeps every route to its documented number of table calls', async () => {
    const { call } = await member();
    const created = await call<Fragment>('POST', '/api/fragments', { content: 'Lead the retro with questions', clientRequestId: 'budget-0001' });
    const plain = await call<Fragment>('POST', '/api/fragments', { content: 'Walk after lunch' });
    const id = created.json.id;
    const budget = [
      [created, 3],
      [plain, 2],
      [await call('GET', `/api/fragments/${id}`), 2],
      [await call('PATCH', `/api/fragments/${id}`, { isPinned: true }), 3],
      [await call('GET', '/api/fragments?q=retro&type=general'), 2],
      [await call('GET', '/api/fragments/themes'), 2],
      [await call('POST', '/api/fragments/weave', { fragmentIds: [id, plain.json.id], title: 'Two', body: 'Both' }), 3],
      // The win's title and description interactions each keep a recent copy (for the day's reads).
      [await call('POST', `/api/fragments/${id}/pin-to-wins`), 10],
      [await call('POST', `/api/fragments/${id}/pin-to-wins`), 4],
      [await call('DELETE', `/api/fragments/${plain.json.id}`), 2],
    ] as const;
    expect(budget.map(([answer]) => dbCalls(answer))).toEqual(budget.map(([, calls]) => calls));
  });
});
