import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJwtKeys } from '../config/secrets.ts';
import { signAccessToken } from '../domain/auth/tokens.ts';
import { seed } from '../local/seed.ts';
import { getAppConfig } from '../config/app-config.ts';
import { startTestStack } from '../local/test-stack.ts';
import { putBan } from '../store/ban-store.ts';
import { createSession, deleteSession } from '../store/session-store.ts';
import { findUserIdByEmail } from '../store/user-store.ts';
import { authenticate } from './auth.ts';
import { HttpError } from './errors.ts';

function event(headers: Record<string, string>, rawPath = '/api/x', pathParameters?: Record<string, string>): APIGatewayProxyEventV2 {
  return { headers, rawPath, ...(pathParameters ? { pathParameters } : {}) } as unknown as APIGatewayProxyEventV2;
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

let stack: Awaited<ReturnType<typeof startTestStack>>;
let adminId: string;
beforeAll(async () => {
  stack = await startTestStack({ env: { MELD_ADMIN_EMAIL: 'admin@example.com', MELD_ADMIN_PASSWORD: 'admin-password-1' } });
  await seed(getAppConfig(), process.env);
  adminId = (await findUserIdByEmail('admin@example.com'))!;
});
afterAll(() => stack.stop());

/** An access token of a session that stands, as sign-in makes them. */
async function liveToken(userId: string, role: 'USER' | 'ADMIN', sessionId: string): Promise<string> {
  const now = new Date();
  await createSession({ userId, sessionId, tokenHash: 'ab', previousTokenHash: null, rotatedAt: null, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 3600 });
  return signAccessToken({ userId, role, sessionId }, await getJwtKeys());
}

describe('auth levels', () => {
  const userRoute = { auth: 'user' as const, path: '/api/x' };
  const adminRoute = { auth: 'admin' as const, path: '/api/admin/x' };
  const mentorRoute = { auth: 'mentor-token' as const, path: '/api/mentor-interview/{token}' };

  it('lets anyone through a public route', async () => {
    expect(await authenticate({ auth: 'public', path: '/api/x' }, event({}))).toBeNull();
  });

  it('needs a valid bearer token on a user route', async () => {
    const token = await liveToken('u-00000001', 'USER', 's-00000001');
    expect(await authenticate(userRoute, event({ authorization: `Bearer ${token}` }))).toMatchObject({ userId: 'u-00000001' });
    expect(await statusOf(authenticate(userRoute, event({})))).toBe(401);
  });

  it('refuses a well-signed token once its session has ended', async () => {
    const token = await liveToken('u-00000004', 'USER', 's-00000004');
    await deleteSession('u-00000004', 's-00000004');
    await expect(authenticate(userRoute, event({ authorization: `Bearer ${token}` }))).rejects.toMatchObject({ status: 401, message: 'Your session has ended. Please sign in again.' });
  });

  it('checks the admin role on the server, not only in the token', async () => {
    const real = await liveToken(adminId, 'ADMIN', 's-00000001');
    const claimsAdminButIsNot = await liveToken('u-00000002', 'ADMIN', 's-00000001');
    const user = await liveToken('u-00000003', 'USER', 's-00000001');
    expect(await statusOf(authenticate(adminRoute, event({ authorization: `Bearer ${real}` })))).toBe('ok');
    expect(await statusOf(authenticate(adminRoute, event({ authorization: `Bearer ${claimsAdminButIsNot}` })))).toBe(403);
    expect(await statusOf(authenticate(adminRoute, event({ authorization: `Bearer ${user}` })))).toBe(403);
    expect(await statusOf(authenticate(adminRoute, event({})))).toBe(401);
  });

  it('refuses a banned admin with 403 BANNED until the ban ends', async () => {
    const token = await liveToken(adminId, 'ADMIN', 's-00000005');
    const until = Date.now() + 1_000;
    await putBan({ kind: 'user', id: adminId }, until);
    await expect(authenticate(adminRoute, event({ authorization: `Bearer ${token}` }))).rejects.toMatchObject({ code: 'BANNED' });
    await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 20));
    expect(await statusOf(authenticate(adminRoute, event({ authorization: `Bearer ${token}` })))).toBe('ok');
  });

  it('accepts only a 64-character interview token on mentor routes, from API Gateway or a raw Function URL path', async () => {
    const good = 'a1B2-c3_'.repeat(8);
    expect(await statusOf(authenticate(mentorRoute, event({}, `/api/mentor-interview/${good}`, { token: good })))).toBe('ok');
    expect(await statusOf(authenticate(mentorRoute, event({}, `/api/mentor-interview/${good}`)))).toBe('ok');
    for (const bad of [good.slice(1), `${good}x`, `${good.slice(1)}!`]) {
      expect(await statusOf(authenticate(mentorRoute, event({}, `/api/mentor-interview/${bad}`, { token: bad })))).toBe(404);
    }
  });
});
