import type { PublicUser, UploadAvatarResponse } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { bucketObjects } from '../../store/blobs.ts';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';
import { png } from './file-test-kit.ts';

const api = useApi();
const INVALID = 'Invalid upload: choose a PNG or JPEG picture of at most 2 MB.';

/** A square PNG of `side` pixels, coloured by `seed`. */
const square = (side: number, seed = 1) => png(side, side, seed);

/** The start of a JFIF file: the server reads the first bytes, not the picture. */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(600, 0x42), Buffer.from([0xff, 0xd9])]);

async function avatarForm(bytes: Buffer, filename = 'avatar.png', type = 'image/png') {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type }), filename);
  form.set('manual', 'true');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function member() {
  const client = api().client();
  const { token, body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  return {
    userId,
    email: body.email,
    upload: async (bytes: Buffer, filename?: string, type?: string) => {
      const form = await avatarForm(bytes, filename, type);
      return client.request<UploadAvatarResponse & { message?: string; field?: string }>('POST', '/api/files/images/avatar', { body: form.body, headers: { ...form.headers, ...headers } });
    },
    profile: async () => (await client.request<PublicUser>('GET', '/api/user', { headers })).json,
    deleteAccount: () => client.request('DELETE', '/api/user/delete', { headers, json: { email: body.email } }),
    stored: () => bucketObjects('files').listKeys(`avatars/${userId}/`),
  };
}

/** The picture as a browser loads it: plain GET, no token. */
const load = (url: string) => fetch(new URL(url, api().baseUrl));

describe('POST /api/files/images/avatar', () => {
  it('keeps a PNG, answers its url, shows it on the profile and serves the same bytes to anyone', async () => {
    const maya = await member();
    const picture = square(250, 3);
    const uploaded = await maya.upload(picture);
    expect(uploaded.status).toBe(200);
    // The ban check, the per-user and per-address upload limits, the profile's update.
    expect(dbCalls(uploaded)).toBe(5);
    expect(uploaded.json.url).toMatch(new RegExp(`^/api/files/avatars/${maya.userId}/[0-9a-f]{32}\\.png$`));
    expect((await maya.profile()).avatar).toBe(uploaded.json.url);

    const served = await load(uploaded.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);
  });

  it('keeps a JPEG under a .jpg name and serves it as image/jpeg', async () => {
    const maya = await member();
    const uploaded = await maya.upload(jpeg, 'me.jpeg', 'image/jpeg');
    expect(uploaded.json.url).toMatch(/\.jpg$/);
    const served = await load(uploaded.json.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(jpeg);
  });

  it('refuses a renamed text file, a GIF and a 3 MB picture with the invalid-upload message, storing nothing', async () => {
    const maya = await member();
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100, 1)]);
    const huge = Buffer.concat([square(8), Buffer.alloc(3 * 1024 * 1024, 9)]);
    const refusals = [
      [await maya.upload(Buffer.from('just some notes, not a picture'), 'avatar.png', 'image/png'), 400],
      [await maya.upload(gif, 'avatar.png', 'image/png'), 400],
      [await maya.upload(huge), 413],
    ] as const;
    for (const [refused, status] of refusals) {
      expect([refused.status, refused.json.message, refused.json.field]).toEqual([status, INVALID, 'file']);
    }
    expect(await maya.stored()).toEqual([]);
    expect((await maya.profile()).avatar).toBeNull();
  });

  it('asks for the picture under the file field and refuses a visitor', async () => {
    const maya = await member();
    const form = new FormData();
    form.set('manual', 'true');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = new Uint8Array(await request.arrayBuffer());
    const { token } = await registerMember(api().client());
    const headers = { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` };
    const missing = await api().client().request<{ field: string }>('POST', '/api/files/images/avatar', { body, headers });
    expect([missing.status, missing.json.field]).toEqual([400, 'file']);
    const visitor = await avatarForm(square(4));
    expect((await api().client().request('POST', '/api/files/images/avatar', visitor)).status).toBe(401);
    expect(await maya.stored()).toEqual([]);
  });

  it('deletes the picture a new one replaces; the old url then answers 404', async () => {
    const maya = await member();
    const first = await maya.upload(square(16, 1));
    const second = await maya.upload(square(16, 2));
    expect(second.json.url).not.toBe(first.json.url);
    expect(await maya.stored()).toEqual([`avatars/${maya.userId}/${second.json.url.split('/').pop()}`]);
    expect((await load(first.json.url)).status).toBe(404);
    expect((await load(second.json.url)).status).toBe(200);
    expect((await maya.profile()).avatar).toBe(second.json.url);
  });

  it('leaves nothing of the picture once the account is deleted', async () => {
    const maya = await member();
    const uploaded = await maya.upload(square(16));
    expect((await maya.deleteAccount()).status).toBe(200);
    await api().jobsSettled();
    expect(await maya.stored()).toEqual([]);
    expect((await load(uploaded.json.url)).status).toBe(404);
    // Her access token ended with the account (decision 0011): an upload with it is refused.
    expect((await maya.upload(square(16))).status).toBe(401);
    expect(await maya.stored()).toEqual([]);
  });
});

describe('GET /api/files/avatars/{userId}/{name}', () => {
  it('answers 404 for a picture never stored and 400 for a name no avatar has', async () => {
    const maya = await member();
    expect((await load(`/api/files/avatars/${maya.userId}/0123456789abcdef0123456789abcdef.png`)).status).toBe(404);
    expect((await load(`/api/files/avatars/${maya.userId}/..%2F..%2Fmessages.png`)).status).toBe(400);
    expect((await load(`/api/files/avatars/${maya.userId}/avatar.gif`)).status).toBe(400);
  });
});
