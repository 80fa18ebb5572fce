import type { Preset } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const api = useApi();

interface Session {
  client: ApiClient;
  headers: Record<string, string>;
  save(body: object): Promise<{ status: number; headers: Headers; json: Preset & { message?: string; field?: string } }>;
  list(): Promise<Preset[]>;
  remove(body: object): Promise<{ status: number; json: { deletedCount?: number; message?: string } }>;
}

async function member(): Promise<Session> {
  const client = api().client();
  const { token } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}` };
  return {
    client,
    headers,
    save: (body) => client.request('POST', '/api/presets', { json: body, headers }),
    list: async () => {
      const response = await client.request<Preset[]>('GET', '/api/presets', { headers });
      expect(response.status).toBe(200);
      return response.json;
    },
    remove: (body) => client.request('POST', '/api/presets/delete', { json: body, headers }),
  };
}

describe('presets', () => {
  it('saves a new preset with its settings and a fresh id, and lists it', async () => {
    const me = await member();
    const saved = await me.save({ title: 'Careful coder', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, stop: ['###'], promptPrefix: 'Think first.' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ title: 'Careful coder', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, stop: ['###'], defaultPreset: false, order: 0 });
    expect(saved.json.presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await me.list()).toEqual([saved.json]);
  });

  it('replaces the preset with the same id: new settings, same creation date, flags kept unless sent', async () => {
    const me = await member();
    const first = (await me.save({ title: 'Draft', model: 'gpt-4o', temperature: 1.5, defaultPreset: true, order: 3 })).json;
    const replaced = await me.save({ presetId: first.presetId, title: 'Final', model: 'claude-sonnet-4', topK: 40 });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ presetId: first.presetId, title: 'Final', model: 'claude-sonnet-4', topK: 40, defaultPreset: true, order: 3, createdAt: first.createdAt });
    const listed = await me.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('temperature');
  });

  it('keeps one default: saving a default clears the flag on the others', async () => {
    const me = await member();
    const a = (await me.save({ title: 'A', defaultPreset: true })).json;
    await me.save({ title: 'B' });
    await me.save({ title: 'C', defaultPreset: true });
    const defaults = (await me.list()).map((preset) => [preset.title, preset.defaultPreset]);
    expect(defaults).toEqual([
      ['A', false],
      ['B', false],
      ['C', true],
    ]);
    await me.save({ presetId: a.presetId, title: 'A', defaultPreset: true });
    expect((await me.list()).filter((preset) => preset.defaultPreset).map((preset) => preset.title)).toEqual(['A']);
  });

  it('takes an imported LibreChat preset file as it is, keeping the settings it knows and dropping the rest', async () => {
    const me = await member();
    const file = { title: 'From LibreChat', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, chatGptLabel: null, agentOptions: { x: 1 }, promptPrefix: null };
    const saved = await me.save(file);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ title: 'From LibreChat', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, promptPrefix: null });
    expect(saved.json).not.toHaveProperty('chatGptLabel');
    expect(saved.json).not.toHaveProperty('agentOptions');
    const wrong = await me.save({ name: 'Not a preset', temperature: 'hot' });
    expect(wrong.status).toBe(400);
  });

  it('lists by order, then by title regardless of case', async () => {
    const me = await member();
    for (const body of [{ title: 'zeta', order: 1 }, { title: 'Beta', order: 2 }, { title: 'alpha', order: 2 }, { title: 'Omega', order: 0 }]) await me.save(body);
    expect((await me.list()).map((preset) => preset.title)).toEqual(['Omega', 'zeta', 'alpha', 'Beta']);
  });

  it('answers 400 naming the field for a setting out of range', async () => {
    const me = await member();
    const hot = await me.save({ title: 'Too hot', temperature: 2.5 });
    expect([hot.status, hot.json.field]).toEqual([400, 'temperature']);
    const stops = await me.save({ title: 'Too many stops', stop: ['a', 'b', 'c', 'd', 'e'] });
    expect([stops.status, stops.json.field]).toEqual([400, 'stop']);
    const untitled = await me.save({ title: '   ' });
    expect([untitled.status, untitled.json.field, untitled.json.message]).toEqual([400, 'title', 'Preset title is required']);
    expect(await me.list()).toEqual([]);
  });

  it('deletes one preset, answers 404 for an unknown id, and deletes all with an empty body', async () => {
    const me = await member();
    const keep = (await me.save({ title: 'Keep' })).json;
    const drop = (await me.save({ title: 'Drop' })).json;
    expect((await me.remove({ presetId: drop.presetId })).json).toEqual({ deletedCount: 1 });
    expect((await me.list()).map((preset) => preset.presetId)).toEqual([keep.presetId]);
    expect((await me.remove({ presetId: drop.presetId })).status).toBe(404);
    await me.save({ title: 'Another' });
    expect((await me.remove({})).json).toEqual({ deletedCount: 2 });
    expect(await me.list()).toEqual([]);
  });

  it('keeps each user’s presets to themselves', async () => {
    const owner = await member();
    const other = await member();
    const mine = (await owner.save({ title: 'Mine', model: 'gpt-4o' })).json;
    expect(await other.list()).toEqual([]);
    const stolen = await other.remove({ presetId: mine.presetId });
    expect([stolen.status, stolen.json.message]).toEqual([404, 'Preset not found.']);
    // Saving under the same id makes the other user's own preset; the owner's stays as it was.
    await other.save({ presetId: mine.presetId, title: 'Theirs' });
    expect(await other.remove({})).toMatchObject({ json: { deletedCount: 1 } });
    expect(await owner.list()).toEqual([mine]);
  });

  it('lists in one database call, creates in one and replaces in two', async () => {
    const me = await member();
    const created = await me.save({ title: 'Counted' });
    expect(dbCalls(created)).toBe(2);
    expect(dbCalls(await me.save({ presetId: created.json.presetId, title: 'Counted again' }))).toBe(3);
    expect(dbCalls(await me.client.request('GET', '/api/presets', { headers: me.headers }))).toBe(2);
  });
});
