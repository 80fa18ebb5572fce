import type { Interaction, LogViewResponse, WinTile } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../domain/compass/local-time.ts';
import { dbCalls, indexesSettled, registerMember, useApi } from '../api-test-kit.ts';
import { entry, eveningZone } from '../interactions/__fixtures__/days.ts';

const api = useApi();

async function member(zone: string) {
  const client = api().client();
  const { token } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': zone };
  return {
    get: (path: string) => client.request<LogViewResponse>('GET', path, { headers }),
    post: <T>(path: string, json: unknown) => client.request<T>('POST', path, { headers, json }),
  };
}

describe('log view', () => {
  it('shows the month of compass, reflection, fragment, weave and win entries, in a fixed number of calls', async () => {
    const { timeZone, today } = eveningZone();
    const ada = await member(timeZone);
    for (const [type, answer] of [['mood', 70], ['energy', 55], ['note', 'Talk to my mentor']] as const) {
      expect((await ada.post<Interaction>('/api/interactions', entry(type, answer, today))).status).toBe(201);
    }
    await ada.post<Interaction>('/api/interactions', entry('evening-reflection', 'I realized I work best early.', today));
    const fragment = await ada.post<{ id: string }>('/api/fragments', { content: 'I learned to ask first' });
    await ada.post('/api/fragments/weave', { fragmentIds: [fragment.json.id], title: 'Asking first', body: 'Woven from a note.' });
    const win = await ada.post<WinTile>('/api/wins', { title: 'Led the retro' });
    // Fragments and weaves are read by date through an index, which in AWS has them within a second.
    await indexesSettled();

    const view = await ada.get('/api/views/log');
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ month: today.slice(0, 7), today, timeZone, firstMonth: today.slice(0, 7), lastMonth: today.slice(0, 7) });
    const byType = Object.fromEntries(view.json.entries.map((item) => [item.type, item]));
    expect(Object.keys(byType).sort()).toEqual(['compass', 'fragment', 'reflection', 'weave', 'win']);
    expect(byType.compass).toMatchObject({ content: 'Talk to my mentor', mood: 70, energy: 55, valueTag: 'Connection', link: `/today?date=${today}` });
    expect(byType.reflection).toMatchObject({ content: 'I realized I work best early.', valueTag: 'Insight' });
    expect(byType.fragment).toMatchObject({ content: 'I learned to ask first', valueTag: 'Insight', link: `/fragments?id=${fragment.json.id}` });
    expect(byType.weave).toMatchObject({ title: 'Asking first', content: 'Woven from a note.' });
    expect(byType.win).toMatchObject({ title: 'Led the retro', valueTag: 'Impact', link: `/library/wins-vault?win=${win.json.id}` });
    expect(view.json.days.find((day) => day.date === today)).toEqual({ date: today, count: 5 });
    // The profile's zone, then per source one query (interactions three: the month, with the recent
    // writes beside the index, and the first day; coach highlights one, and a batch read of their
    // titles only when the month has any).
    expect(dbCalls(view)).toBe(9);
  });

  it('never shows another member\'s entries', async () => {
    const zone = 'UTC';
    const ada = await member(zone);
    const bo = await member(zone);
    await ada.post('/api/fragments', { content: 'Ada only' });
    await ada.post('/api/wins', { title: 'Ada win' });
    await ada.post('/api/interactions', entry('mood', 60, localDate(new Date(), zone)));
    const view = await bo.get('/api/views/log');
    expect(view.status).toBe(200);
    expect(view.json.entries).toEqual([]);
    expect(view.json.days.every((day) => day.count === 0)).toBe(true);
  });

  it('answers an empty past month and rejects a malformed month with 400', async () => {
    const ada = await member('UTC');
    const past = await ada.get('/api/views/log?month=2024-02');
    expect(past.status).toBe(200);
    expect(past.json.entries).toEqual([]);
    expect(past.json.days).toHaveLength(29);
    for (const month of ['2024-13', '2024-2', 'june']) {
      const bad = await ada.get(`/api/views/log?month=${month}`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('month');
    }
  });
});
