import { DEFAULT_USER_SETTINGS, type UserSettings } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

const member = () => signUp(api().client());

describe('user settings', () => {
  it('answers the defaults to a member who never changed anything, with one read', async () => {
    const { call } = await member();
    const response = await call<UserSettings>('GET', '/api/user/settings');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(DEFAULT_USER_SETTINGS);
    expect(response.json).toMatchObject({ autoScroll: true, enterToSend: true, saveDrafts: true, latex: true, fontSize: 'base', chatDirection: 'LTR' });
    expect(dbCalls(response)).toBe(2);
  });

  it('changes only the settings sent, in one write, and keeps them for the next read', async () => {
    const { call } = await member();
    const changed = await call<UserSettings>('PATCH', '/api/user/settings', { fontSize: 'lg', enterToSend: false });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ ...DEFAULT_USER_SETTINGS, fontSize: 'lg', enterToSend: false });
    expect(dbCalls(changed)).toBe(2);
    const read = await call<UserSettings>('GET', '/api/user/settings');
    expect(read.json).toEqual({ ...DEFAULT_USER_SETTINGS, fontSize: 'lg', enterToSend: false });
  });

  it('keeps both of two changes to different settings sent at the same time', async () => {
    const { call } = await member();
    await Promise.all([
      call('PATCH', '/api/user/settings', { theme: 'dark', language: 'pt-BR' }),
      call('PATCH', '/api/user/settings', { chatDirection: 'RTL', forkSetting: 'directPath', rememberDefaultFork: true }),
    ]);
    const read = await call<UserSettings>('GET', '/api/user/settings');
    expect(read.json).toMatchObject({ theme: 'dark', language: 'pt-BR', chatDirection: 'RTL', forkSetting: 'directPath', rememberDefaultFork: true });
  });

  it('keeps the speech settings like the others', async () => {
    const { call } = await member();
    const patch = { engineSTT: 'external', languageSTT: 'en-GB', decibelValue: -60, autoSendText: 5, playbackRate: 1.3, voice: 'Google UK English Female' };
    expect((await call('PATCH', '/api/user/settings', patch)).status).toBe(200);
    const read = await call<UserSettings>('GET', '/api/user/settings');
    expect(read.json).toEqual({ ...DEFAULT_USER_SETTINGS, ...patch });
  });

  it('refuses a bad value with a 400 naming the setting, and changes nothing', async () => {
    const { call } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ fontSize: 'huge' }, 'fontSize'],
      [{ latex: 'yes' }, 'latex'],
      [{ chatDirection: 'ltr' }, 'chatDirection'],
      [{ language: 'English!' }, 'language'],
      [{ forkSetting: 'everything' }, 'forkSetting'],
      [{ decibelValue: -20 }, 'decibelValue'],
      [{ autoSendText: 61 }, 'autoSendText'],
      [{ playbackRate: 0.15 }, 'playbackRate'],
      [{ playbackRate: 2.5 }, 'playbackRate'],
      [{ engineTTS: 'azure' }, 'engineTTS'],
      [{ languageSTT: 'English' }, 'languageSTT'],
    ];
    for (const [patch, field] of cases) {
      const response = await call<{ field: string; message: string }>('PATCH', '/api/user/settings', { autoScroll: false, ...patch });
      expect(response.status, field).toBe(400);
      expect(response.json.field).toBe(field);
      expect(response.json.message).toContain(field);
    }
    const unknown = await call<{ message: string }>('PATCH', '/api/user/settings', { speechRate: 2 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('speechRate');
    expect((await call('PATCH', '/api/user/settings', {})).status).toBe(400);
    expect((await call<UserSettings>('GET', '/api/user/settings')).json.autoScroll).toBe(true);
  });

  it("keeps each member's settings apart and needs a signed-in member", async () => {
    const first = await member();
    const second = await member();
    await first.call('PATCH', '/api/user/settings', { showCode: false });
    expect((await second.call<UserSettings>('GET', '/api/user/settings')).json.showCode).toBe(true);
    expect((await api().client().request('GET', '/api/user/settings')).status).toBe(401);
    expect((await api().client().request('PATCH', '/api/user/settings', { json: { showCode: true } })).status).toBe(401);
  });
});
