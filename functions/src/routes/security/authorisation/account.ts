import { buildPath } from '@meld/shared';
import { startChallenge } from '../../../domain/auth/two-factor-login.ts';
import { localDate } from '../../../domain/compass/local-time.ts';
import { keys } from '../../../store/keys.ts';
import { table } from '../../../store/table.ts';
import { putChallenge } from '../../../store/two-factor-store.ts';
import { newMember, registerMember, TEST_SIGNUP_CODE } from '../../api-test-kit.ts';
import { memberInSetup, memberWithTwoFactor } from '../../auth/2fa/two-factor-test-kit.ts';
import { entry, seedInteraction } from '../../interactions/__fixtures__/days.ts';
import { USER_KEY_ENDPOINT } from './matrix-model.ts';
import { adminOnly, anyUser, ownedByUser, publicRoute, type MatrixEntries, type MatrixRequest, type MatrixWorld } from './matrix.ts';

/**
 * Sign-in, the account and its settings, keys, roles, the compass interactions and views. Routes
 * that change how an account signs in (two-factor, deletion) act on a throwaway owner.
 */

/** A new member's refresh cookie, as the browser holds it after signing up. */
async function refreshCookie(world: MatrixWorld): Promise<string> {
  const { response } = await registerMember(world.newClient());
  const cookie = response.setCookies.find((value) => value.startsWith('meld_refresh='));
  if (!cookie) throw new Error('Registration set no refresh cookie');
  return cookie.split(';')[0]!;
}

/** The link the reply carries (the suite's config returns links, as with e-mail off). */
const linkOf = async (world: MatrixWorld, path: string, email: string) => new URL((await world.newClient().request<{ link: string }>('POST', path, { json: { email } })).json.link);

/** Two-factor on a throwaway owner: B and the admin have none of theirs, so the owner's code is refused (400) or there is nothing to check (409). */
const noSetup = [400, 409] as const;
const twoFactorRoute = { anonymous: 401, owner: 200, otherUser: noSetup, mentorToken: 401, admin: noSetup };
async function twoFactorRequest(world: MatrixWorld, setup: typeof memberInSetup, path: string, json: (member: Awaited<ReturnType<typeof memberInSetup>>) => unknown): Promise<MatrixRequest> {
  const member = await setup(world.newClient());
  return { path, json: json(member), owner: { token: member.token, userId: member.userId, email: member.email } };
}

/** What several entries share, made once per world. */
function perWorld<T>(make: (world: MatrixWorld) => Promise<T>): (world: MatrixWorld) => Promise<T> {
  const made = new WeakMap<MatrixWorld, Promise<T>>();
  return (world) => {
    if (!made.has(world)) made.set(world, make(world));
    return made.get(world)!;
  };
}
const linkMember = perWorld((world) => world.newMember());
const twoFactorMember = perWorld((world) => memberWithTwoFactor(world.newClient()));
let backupCodesUsed = 0;

/** The compass saves only today's interactions, in the caller's time zone (sent as the browser does). */
const UTC = { 'x-meld-time-zone': 'UTC' };
const todayMood = () => entry('mood', 70, localDate(new Date(), 'UTC'));
const interactionOf = async (world: MatrixWorld) => (await seedInteraction(world.owner.userId, todayMood(), new Date().toISOString()))._id;

export const accountEntries: MatrixEntries = {
  health: { request: async () => ({ path: '/health' }), expect: publicRoute() },
  getConfig: { request: async () => ({ path: '/api/config' }), expect: publicRoute() },
  getBanner: { request: async () => ({ path: '/api/banner' }), expect: publicRoute() },
  validateSignupCode: { request: async () => ({ path: '/api/auth/validate-signup-code', json: { signupCode: TEST_SIGNUP_CODE } }), expect: publicRoute() },
  register: {
    request: async () => ({ path: '/api/auth/register', json: newMember() }),
    expect: publicRoute(201),
    fresh: true,
  },
  login: {
    request: async (world) => {
      const { body } = await registerMember(world.newClient());
      return { path: '/api/auth/login', json: { email: body.email, password: body.password } };
    },
    expect: publicRoute(),
  },
  // The refresh cookie is the credential; a bearer token changes nothing. Each caller brings a live one.
  refresh: { request: async (world) => ({ path: '/api/auth/refresh', headers: { cookie: await refreshCookie(world) } }), expect: publicRoute(), fresh: true },
  logout: { request: async (world) => ({ path: '/api/auth/logout', headers: { cookie: await refreshCookie(world) } }), expect: publicRoute() },
  // The same answer for every e-mail and every caller.
  requestPasswordReset: { request: async (world) => ({ path: '/api/auth/requestPasswordReset', json: { email: world.owner.email } }), expect: publicRoute() },
  // Each caller follows a fresh link of the same account: a reset ends the account's other links, not later ones.
  resetPassword: {
    request: async (world) => {
      const link = await linkOf(world, '/api/auth/requestPasswordReset', (await linkMember(world)).email);
      return { path: '/api/auth/resetPassword', json: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId'), password: 'a-brand-new-secret', confirm_password: 'a-brand-new-secret' } };
    },
    expect: publicRoute(),
    fresh: true,
  },
  verifyEmail: {
    request: async (world) => {
      const member = await linkMember(world);
      await table.update(keys.user(member.userId), { UpdateExpression: 'SET emailVerified = :no', ExpressionAttributeValues: { ':no': false } });
      const link = await linkOf(world, '/api/user/verify/resend', member.email);
      return { path: '/api/user/verify', json: { email: member.email, token: link.searchParams.get('token') } };
    },
    expect: publicRoute(),
    fresh: true,
  },
  resendVerification: { request: async (world) => ({ path: '/api/user/verify/resend', json: { email: world.owner.email } }), expect: publicRoute() },
  getUser: { request: async () => ({ path: '/api/user' }), expect: anyUser() },

  enableTwoFactor: { request: async (world) => ({ path: '/api/auth/2fa/enable', owner: await world.newMember() }), expect: anyUser() },
  confirmTwoFactor: { request: (world) => twoFactorRequest(world, memberInSetup, '/api/auth/2fa/confirm', (member) => ({ token: member.code() })), expect: twoFactorRoute },
  verifyTwoFactor: { request: (world) => twoFactorRequest(world, memberInSetup, '/api/auth/2fa/verify', (member) => ({ token: member.code() })), expect: twoFactorRoute },
  disableTwoFactor: { request: (world) => twoFactorRequest(world, memberWithTwoFactor, '/api/auth/2fa/disable', (member) => ({ backupCode: member.backupCodes[0] })), expect: twoFactorRoute },
  regenerateBackupCodes: {
    request: (world) => twoFactorRequest(world, memberWithTwoFactor, '/api/auth/2fa/backup/regenerate', (member) => ({ backupCode: member.backupCodes[0] })),
    expect: twoFactorRoute,
  },
  // The login's second step: the temporary token is the credential, whoever else the caller is. Each
  // caller gets the token the password step would give (without its bcrypt) and one backup code.
  verifyTwoFactorTemp: {
    request: async (world) => {
      const member = await twoFactorMember(world);
      const tempToken = await startChallenge({ id: member.userId }, new Date(), { putChallenge });
      return { path: '/api/auth/2fa/verify-temp', json: { tempToken, backupCode: member.backupCodes[backupCodesUsed++ % member.backupCodes.length] } };
    },
    expect: publicRoute(),
    fresh: true,
  },

  // Social sign-in is off in the test stack: both navigations end on the login page with a code.
  oauthStart: { request: async () => ({ path: buildPath('/oauth/{provider}', { provider: 'google' }) }), expect: publicRoute(302) },
  oauthCallback: { request: async () => ({ path: '/oauth/callback', query: { code: 'issuer-code', state: 'no-such-state' } }), expect: publicRoute(302) },
  // Social sign-in is off in the matrix's config: a member's request reaches the route and finds no provider.
  startSocialLink: { request: async () => ({ path: buildPath('/api/auth/link/{provider}', { provider: 'google' }) }), expect: anyUser(404) },

  getUserSettings: { request: async () => ({ path: '/api/user/settings' }), expect: anyUser() },
  updateUserSettings: { request: async () => ({ path: '/api/user/settings', json: { autoScroll: false } }), expect: anyUser() },
  // The owner types their own e-mail; B and the admin typing A's are refused and keep their accounts.
  deleteAccount: {
    request: async (world) => {
      const owner = await world.newMember();
      return { path: '/api/user/delete', json: { email: owner.email }, owner };
    },
    expect: { anonymous: 401, owner: 200, otherUser: 400, mentorToken: 401, admin: 400 },
  },
  getTerms: { request: async () => ({ path: '/api/user/terms' }), expect: anyUser() },
  acceptTerms: { request: async () => ({ path: '/api/user/terms/accept' }), expect: anyUser() },

  listKeys: { request: async () => ({ path: '/api/keys' }), expect: anyUser() },
  updateKey: { request: async () => ({ path: '/api/keys', json: { name: USER_KEY_ENDPOINT, value: 'sk-user-key', expiresAt: null } }), expect: anyUser() },
  // Keys are named by endpoint and kept per user: each caller deletes only their own.
  deleteKey: {
    request: async (world) => {
      await world.setup('owner', 'PUT', '/api/keys', { name: USER_KEY_ENDPOINT, value: 'sk-user-key', expiresAt: null });
      return { path: buildPath('/api/keys/{name}', { name: USER_KEY_ENDPOINT }) };
    },
    expect: anyUser(),
  },
  deleteKeys: { request: async () => ({ path: '/api/keys', query: { all: 'true' } }), expect: anyUser() },
  getBalance: { request: async () => ({ path: '/api/balance' }), expect: anyUser() },
  // A member reads only their own role's permissions; an admin reads any.
  getRole: { request: async () => ({ path: buildPath('/api/roles/{role}', { role: 'ADMIN' }) }), expect: adminOnly() },

  createInteraction: { request: async () => ({ path: '/api/interactions', json: todayMood(), headers: UTC }), expect: anyUser(201) },
  getInteraction: { request: async (world) => ({ path: buildPath('/api/interactions/{id}', { id: await interactionOf(world) }), headers: UTC }), expect: ownedByUser() },
  updateInteraction: { request: async (world) => ({ path: buildPath('/api/interactions/{id}', { id: await interactionOf(world) }), json: { numericAnswer: 40 }, headers: UTC }), expect: ownedByUser() },
  listInteractions: { request: async (world) => (await interactionOf(world), { path: '/api/interactions', headers: UTC }), expect: anyUser() },
  getCompassView: { request: async (world) => (await interactionOf(world), { path: '/api/views/compass', headers: UTC }), expect: anyUser() },
  getCompassTrend: { request: async (world) => (await interactionOf(world), { path: '/api/views/compass/trend', headers: UTC }), expect: anyUser() },
  getLogView: { request: async (world) => (await interactionOf(world), { path: '/api/views/log', headers: UTC }), expect: anyUser() },
  listWins: { request: async () => ({ path: '/api/views/wins', headers: UTC }), expect: anyUser() },
};
