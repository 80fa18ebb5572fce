import { ADMIN_MESSAGES, type AdminUser, type ListUsersResponse } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAppConfig } from '../../config/app-config.ts';
import { seed } from '../../local/seed.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { dbCalls, registerMember, useApi } from '../api-test-kit.ts';
import { signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

const api = useApi();
let admin: AdminCall;

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
});

/** Letters only, so a name made of it is a valid name and a search for it finds only its own members. */
function uniqueWord(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** Members registered one after another (a few ms apart, so their creation times differ), oldest first. */
async function members(word: string, count: number) {
  const created: { id: string; email: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${word}.${i}@Example.com`;
    const { token, response } = await registerMember(api().client(), { name: `Octavia ${word.toUpperCase()} Butler`, email });
    created.push({ id: (response.json as { user: { id: string } }).user.id, email, token });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return created;
}

const list = (query: string) => admin<ListUsersResponse>('GET', `/api/user/all?${query}`);

describe('GET /api/user/all', () => {
  it('lists the newest account first and finds members by part of their name or e-mail, whatever the case', async () => {
    const word = uniqueWord();
    const created = await members(word, 3);
    const byName = await list(`search=${word.slice(2, 8).toUpperCase()}`);
    expect(byName.status).toBe(200);
    // The admin's profile, then the index: a filtered page of the test's few users is one read.
    expect(dbCalls(byName)).toBe(3);
    expect(byName.json.users.map((user) => user._id)).toEqual(created.map((member) => member.id).reverse());
    expect(byName.json.users[0]).toEqual({
      _id: created[2]!.id,
      name: `Octavia ${word.toUpperCase()} Butler`,
      username: `${word}.2`,
      email: `${word}.2@Example.com`,
      avatar: null,
      role: 'USER',
      provider: 'local',
      emailVerified: expect.any(Boolean),
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      // Registration signs the member in.
      lastLogin: expect.any(String),
    });
    const byEmail = await list(`search=${encodeURIComponent(`${word}.1@EXAMPLE`)}`);
    expect(byEmail.json.users.map((user) => user._id)).toEqual([created[1]!.id]);
    expect((await list(`search=${uniqueWord()}`)).json).toMatchObject({ users: [], nextCursor: null, page: 1, limit: 100 });
  });

  it('never shows a password hash, a secret or the index attributes', async () => {
    await members(uniqueWord(), 1);
    const listed = await list('limit=1000');
    expect(listed.status).toBe(200);
    expect(listed.json.users.length).toBeGreaterThan(1);
    const body = JSON.stringify(listed.json);
    for (const forbidden of ['passwordHash', '$2', 'searchText', 'gsi1', 'PROFILE', 'signupCode']) expect(body).not.toContain(forbidden);
  });

  it('filters by role', async () => {
    const word = uniqueWord();
    const [first, second] = await members(word, 2);
    expect((await admin('PUT', `/api/user/${second!.id}/role`, { role: 'MENTOR' })).status).toBe(200);
    expect((await list(`search=${word}&role=MENTOR`)).json.users.map((user) => user._id)).toEqual([second!.id]);
    expect((await list(`search=${word}&role=USER`)).json.users.map((user) => user._id)).toEqual([first!.id]);
    expect((await list(`search=${word}&role=all`)).json.users).toHaveLength(2);
    const admins = (await list('role=ADMIN')).json.users;
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((user) => user.role === 'ADMIN')).toBe(true);
  });

  it('walks every user exactly once, page after page, by cursor and by page number', async () => {
    const word = uniqueWord();
    const created = (await members(word, 5)).map((member) => member.id).reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: ListUsersResponse } = await list(`search=${word}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.json.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.users.map((user) => user._id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(seen).toEqual(created);

    const everyone = (await list('limit=1000')).json.users.map((user) => user._id);
    const walked: string[] = [];
    cursor = null;
    do {
      const page: { json: ListUsersResponse } = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.json.users.map((user) => user._id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(walked).toEqual(everyone);
    expect(new Set(walked).size).toBe(walked.length);

    const second = await list(`search=${word}&limit=2&page=2`);
    expect(second.json).toMatchObject({ page: 2, limit: 2 });
    expect(second.json.users.map((user) => user._id)).toEqual(created.slice(2, 4));
    expect((await list(`search=${word}&limit=2&page=3`)).json).toMatchObject({ users: [{ _id: created[4] }], nextCursor: null });
  });

  it('includes, after the local seed runs, a profile written before the list existed', async () => {
    const word = uniqueWord();
    const at = new Date().toISOString();
    await table.put({
      ...keys.user(`legacy-${word}`),
      entity: 'user',
      id: `legacy-${word}`,
      name: `Legacy ${word}`,
      username: word,
      email: `${word}@example.com`,
      passwordHash: null,
      role: 'USER',
      provider: 'local',
      emailVerified: true,
      twoFactorEnabled: false,
      termsAccepted: true,
      avatar: null,
      profile: { whyHere: '', lifeArena: '', identitySegment: '', currentBlock: '' },
      signupCode: null,
      createdAt: at,
      updatedAt: at,
      lastLogin: null,
    });
    expect((await list(`search=${word}`)).json.users).toEqual([]);
    expect(await seed(getAppConfig(), process.env)).toContain('Users list: 1 earlier profile(s) added');
    expect((await list(`search=${word}`)).json.users.map((user) => user._id)).toEqual([`legacy-${word}`]);
  });

  it('refuses a limit over 1000 and a cursor it did not make with a 400', async () => {
    const tooMany = await list('limit=1001');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.field).toBe('limit');
    const forged = [Buffer.from('not json').toString('base64url'), Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"pk":"USER#x"}').toString('base64url')];
    for (const cursor of forged) {
      const response = await list(`cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
      expect(response.json.field).toBe('cursor');
    }
  });
});

describe('PUT /api/user/{id}/role', () => {
  it('makes a member a mentor on their profile; the mentor still may not use the admin panel', async () => {
    const [member] = await members(uniqueWord(), 1);
    const changed = await admin<AdminUser>('PUT', `/api/user/${member!.id}/role`, { role: 'MENTOR' });
    expect(changed.status).toBe(200);
    // The admin's session and profile, the one conditional update, and the member's one session
    // (its list, and the role written onto it).
    expect(dbCalls(changed)).toBe(5);
    expect(changed.json).toMatchObject({ _id: member!.id, role: 'MENTOR', email: member!.email });
    const headers = { authorization: `Bearer ${member!.token}` };
    expect((await api().client().request<{ role: string }>('GET', '/api/user', { headers })).json.role).toBe('MENTOR');
    expect((await api().client().request('GET', '/api/user/all', { headers })).status).toBe(403);
  });

  it('lets a member made admin open the panel at once, with the token they already hold', async () => {
    const [member] = await members(uniqueWord(), 1);
    const headers = { authorization: `Bearer ${member!.token}` };
    expect((await api().client().request('GET', '/api/user/all', { headers })).status).toBe(403);
    expect((await admin('PUT', `/api/user/${member!.id}/role`, { role: 'ADMIN' })).status).toBe(200);
    expect((await api().client().request('GET', '/api/user/all', { headers })).status).toBe(200);
    expect((await admin('PUT', `/api/user/${member!.id}/role`, { role: 'USER' })).status).toBe(200);
    expect((await api().client().request('GET', '/api/user/all', { headers })).status).toBe(403);
  });

  it('takes admin rights off member routes at once when an admin is demoted, whatever role their token names (issue 21)', async () => {
    const [member] = await members(uniqueWord(), 1);
    expect((await admin('PUT', `/api/user/${member!.id}/role`, { role: 'ADMIN' })).status).toBe(200);
    const signedIn = await api().client().request<{ token: string }>('POST', '/api/auth/login', { json: { email: member!.email, password: 'phenomenal-woman' } });
    const headers = { authorization: `Bearer ${signedIn.json.token}` };
    // Any role's permissions are an admin's to read; a member reads only their own role's.
    expect((await api().client().request('GET', '/api/roles/ADMIN', { headers })).status).toBe(200);
    expect((await admin('PUT', `/api/user/${member!.id}/role`, { role: 'USER' })).status).toBe(200);
    expect((await api().client().request('GET', '/api/roles/ADMIN', { headers })).status).toBe(403);
  });

  it('refuses the admin’s own role, an unknown user and an unknown role', async () => {
    const self = (await admin<{ id: string }>('GET', '/api/user')).json.id;
    const own = await admin('PUT', `/api/user/${self}/role`, { role: 'USER' });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(ADMIN_MESSAGES.ownRole);
    expect((await admin<{ role: string }>('GET', '/api/user')).json.role).toBe('ADMIN');

    const unknown = await admin('PUT', '/api/user/no-such-user/role', { role: 'MENTOR' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(ADMIN_MESSAGES.userNotFound);

    const [member] = await members(uniqueWord(), 1);
    const badRole = await admin('PUT', `/api/user/${member!.id}/role`, { role: 'OWNER' });
    expect(badRole.status).toBe(400);
    expect(badRole.json.field).toBe('role');
  });
});
