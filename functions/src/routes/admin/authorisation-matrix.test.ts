import { routeList, routes, type RouteName } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { updateCredentials } from '../../store/user-store.ts';
import { registerMember, useApi, type ApiClient } from '../api-test-kit.ts';
import { signUpAdmin, signUpMentor, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

const api = useApi();

/** A request an admin may make: the path with real ids, and the body. */
interface Target {
  path: string;
  json?: unknown;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${(sequence += 1)}`;

async function newUserId(client: ApiClient): Promise<string> {
  const { response } = await registerMember(client);
  return (response.json as { user: { id: string } }).user.id;
}

async function newSignupId(client: ApiClient): Promise<string> {
  const response = await client.request<{ _id: string }>('POST', '/api/user-interest', {
    json: { name: 'Ada Lovelace', email: `${unique('ada').toLowerCase()}@example.com`, currentSituation: 'Taking a break', referralSource: 'A friend', motivation: 'Find my direction' },
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`Sign-up failed: ${response.status} ${response.text}`);
  return response.json._id;
}

async function newBannerId(admin: AdminCall): Promise<string> {
  const created = await admin<{ bannerId: string }>('POST', '/api/admin/banners', { message: '<p>Maintenance tonight</p>', isPublic: false });
  if (created.status >= 300) throw new Error(`Banner failed: ${created.status}`);
  return created.json.bannerId;
}

async function newCode(admin: AdminCall): Promise<string> {
  const created = await admin<{ code: string }>('POST', '/api/admin/access-codes', { code: unique('MATRIX') });
  if (created.status >= 300) throw new Error(`Access code failed: ${created.status}`);
  return created.json.code;
}

/**
 * Every admin route, with what makes a valid admin call to it. A route added with auth 'admin'
 * and no entry here fails the first test, so none ships unchecked.
 */
const targets: Partial<Record<RouteName, (admin: AdminCall, client: ApiClient) => Promise<Target>>> = {
  listMentorInterest: async () => ({ path: '/api/mentor-interest' }),
  listMentorAnswers: async () => ({ path: '/api/mentor-interest/admin-responses' }),
  updateMentorStatus: async () => ({ path: `/api/mentor-interest/${await signUpMentor()}`, json: { status: 'rejected' } }),
  generateMentorToken: async () => ({ path: `/api/mentor-interest/${await signUpMentor()}/generate-token` }),
  deleteMentorInterest: async () => ({ path: `/api/mentor-interest/${await signUpMentor()}` }),
  listUsers: async () => ({ path: '/api/user/all?limit=10&search=maya&role=USER' }),
  updateUserRole: async (_admin, client) => ({ path: `/api/user/${await newUserId(client)}/role`, json: { role: 'MENTOR' } }),
  deleteUser: async (_admin, client) => ({ path: `/api/user/${await newUserId(client)}` }),
  listUserInterest: async () => ({ path: '/api/user-interest' }),
  deleteUserInterest: async (_admin, client) => ({ path: `/api/user-interest/${await newSignupId(client)}` }),
  listAccessCodes: async () => ({ path: '/api/admin/access-codes' }),
  createAccessCode: async () => ({ path: '/api/admin/access-codes', json: { code: unique('NEW'), maxUses: 5 } }),
  revokeAccessCode: async (admin) => ({ path: `/api/admin/access-codes/${await newCode(admin)}/revoke` }),
  listBanners: async () => ({ path: '/api/admin/banners' }),
  createBanner: async () => ({ path: '/api/admin/banners', json: { message: '<p>Welcome to the pilot</p>', isPublic: true } }),
  updateBanner: async (admin) => ({ path: `/api/admin/banners/${await newBannerId(admin)}`, json: { message: '<p>Moved</p>', isPublic: false } }),
  deleteBanner: async (admin) => ({ path: `/api/admin/banners/${await newBannerId(admin)}` }),
  updateRolePrompts: async () => ({ path: '/api/roles/MENTOR/prompts', json: { SHARED_GLOBAL: false } }),
  updateRoleAgents: async () => ({ path: '/api/roles/MENTOR/agents', json: { SHARED_GLOBAL: false } }),
};

const adminRoutes = routeList.filter((route) => route.auth === 'admin');
let admin: AdminCall;
let memberToken: string;
let mentorToken: string;

beforeAll(async () => {
  const client = api().client();
  admin = await signUpAdmin(client);
  memberToken = (await registerMember(client)).token;
  const mentor = await registerMember(client);
  const mentorId = (mentor.response.json as { user: { id: string } }).user.id;
  await updateCredentials(mentorId, { role: 'MENTOR', passwordHash: await hashPassword('mentor-password-1'), updatedAt: new Date().toISOString() });
  mentorToken = mentor.token;
});

describe('the admin routes’ authorisation matrix', () => {
  it('covers every admin route of the route table', () => {
    expect(adminRoutes.length).toBeGreaterThan(10);
    expect(Object.keys(targets).sort()).toEqual(adminRoutes.map((route) => route.name).sort());
  });

  it.each(adminRoutes.map((route) => [route.name, route] as const))('%s: 401 to a visitor, 403 to a member and a mentor, 2xx to an admin', async (name, route) => {
    const client = api().client();
    const target = await targets[name]!(admin, client);
    const body = target.json === undefined ? {} : { json: target.json };
    const as = (token: string | null) => client.request(route.method, target.path, { ...body, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

    expect((await as(null)).status, 'anonymous').toBe(401);
    expect((await as(memberToken)).status, 'member (USER)').toBe(403);
    expect((await as(mentorToken)).status, 'mentor (MENTOR)').toBe(403);
    const allowed = await admin(route.method, target.path, target.json);
    expect(allowed.status, `admin: ${JSON.stringify(allowed.json)}`).toBeGreaterThanOrEqual(200);
    expect(allowed.status, `admin: ${JSON.stringify(allowed.json)}`).toBeLessThan(300);
  });

  it('keeps the newsletter confirmation open to the visitor who signed up (decision 0017), one way', async () => {
    expect(routes.confirmNewsletterSignup.auth).toBe('public');
    const client = api().client();
    const id = await newSignupId(client);
    expect((await client.request('PATCH', `/api/user-interest/${id}/newsletter-signup`)).status).toBe(200);
    const listed = await admin<{ _id: string; newsletterSubscription: boolean }[]>('GET', '/api/user-interest');
    expect(listed.json.find((signup) => signup._id === id)?.newsletterSubscription).toBe(true);
    expect((await client.request('PATCH', '/api/user-interest/no-such-signup/newsletter-signup')).status).toBe(404);
  });
});
