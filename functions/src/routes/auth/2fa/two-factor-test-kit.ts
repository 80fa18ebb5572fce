import { URI, type TOTP } from 'otpauth';
import { afterEach } from 'vitest';
import { moveRequestClock, requestTime, resetRequestClock } from '../../../http/clock.ts';
import { registerMember, type ApiClient } from '../../api-test-kit.ts';

/** A member with two-factor on: their credentials, a way to call the API, the app's TOTP and backup codes. */
export async function memberWithTwoFactor(client: ApiClient) {
  const member = await memberInSetup(client);
  const verified = await member.call('POST', '/api/auth/2fa/verify', { token: member.code() });
  if (verified.status !== 200) throw new Error(`Verify failed: ${verified.status} ${verified.text}`);
  return member;
}

/** A member who asked for two-factor (secret pending), not yet verified. */
export async function memberInSetup(client: ApiClient) {
  const { body, token, response } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}` };
  const call = <T = unknown>(method: string, path: string, json?: unknown) => client.request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) });
  const enabled = await call<{ otpauthUrl: string; backupCodes: string[] }>('GET', '/api/auth/2fa/enable');
  if (enabled.status !== 200) throw new Error(`Enable failed: ${enabled.status} ${enabled.text}`);
  const totp = URI.parse(enabled.json.otpauthUrl) as TOTP;
  return {
    email: body.email,
    password: body.password,
    userId: (response.json as { user: { id: string } }).user.id,
    token,
    call,
    otpauthUrl: enabled.json.otpauthUrl,
    totp,
    backupCodes: enabled.json.backupCodes,
    /** The app's code at the server's current time. */
    code: () => totp.generate({ timestamp: requestTime().getTime() }),
  };
}

/**
 * Moves the server's clock (the gateway runs in this process) past the steps already used, so a
 * member can use a fresh code again; put back after each test.
 */
export function useMovableClock(): (minutes: number) => void {
  afterEach(() => resetRequestClock());
  return (minutes) => moveRequestClock(new Date(requestTime().getTime() + minutes * 60_000));
}

/** Signs in with the password: for a member with two-factor on, the reply carries the temporary token. */
export async function passwordStep(client: ApiClient, member: { email: string; password: string }) {
  return client.request<{ twoFAPending?: boolean; tempToken?: string; token?: string }>('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
}
