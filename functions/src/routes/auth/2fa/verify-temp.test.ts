import { describe, expect, it } from 'vitest';
import { moveRequestClock, requestTime } from '../../../http/clock.ts';
import { useApi } from '../../api-test-kit.ts';
import { memberWithTwoFactor, passwordStep, useMovableClock } from './two-factor-test-kit.ts';

const api = useApi();
const later = useMovableClock();
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signing in with two-factor on', () => {
  it('answers the password with a temporary token and no session, then signs in with the app’s code', async () => {
    const member = await memberWithTwoFactor(api().client());
    later(1);
    const client = api().client();
    const login = await passwordStep(client, member);
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    expect(login.setCookies).toEqual([]);

    const verified = await client.request<{ token: string; user: { email: string; twoFactorEnabled: boolean } }>('POST', '/api/auth/2fa/verify-temp', {
      json: { tempToken: login.json.tempToken, token: member.code() },
    });
    expect(verified.status).toBe(200);
    expect(verified.json.user).toMatchObject({ email: member.email, twoFactorEnabled: true });
    expect(verified.setCookies.some((cookie) => cookie.startsWith('meld_refresh='))).toBe(true);
    const me = await client.request('GET', '/api/user', { headers: { authorization: `Bearer ${verified.json.token}` } });
    expect(me.status).toBe(200);
    expect((await client.request('POST', '/api/auth/refresh')).status).toBe(200);
  });

  it('refuses a temporary token the second time', async () => {
    const member = await memberWithTwoFactor(api().client());
    const client = api().client();
    const { tempToken } = (await passwordStep(client, member)).json;
    expect((await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, backupCode: member.backupCodes[0] } })).status).toBe(200);
    const again = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, backupCode: member.backupCodes[1] } });
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ code: 'INVALID_TEMP_TOKEN', message: 'Your sign-in has expired. Please sign in again.' });
  });

  it('signs in with a backup code once, and refuses that backup code the next time', async () => {
    const member = await memberWithTwoFactor(api().client());
    const client = api().client();
    const first = (await passwordStep(client, member)).json.tempToken;
    expect((await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: first, backupCode: member.backupCodes[2] } })).status).toBe(200);
    const second = (await passwordStep(client, member)).json.tempToken;
    const reused = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: second, backupCode: member.backupCodes[2] } });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ code: 'INVALID_2FA_CODE', message: 'Invalid two-factor code or backup code.' });
    // The refused code did not spend the temporary token.
    expect((await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: second, backupCode: member.backupCodes[3] } })).status).toBe(200);
  });

  it('refuses a temporary token after its five minutes', async () => {
    const member = await memberWithTwoFactor(api().client());
    const client = api().client();
    const { tempToken } = (await passwordStep(client, member)).json;
    later(5.5);
    const response = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, token: member.code() } });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: 'INVALID_TEMP_TOKEN' });
  });

  it('checks a code against the temporary token’s owner, so another member’s code is useless with it', async () => {
    const owner = await memberWithTwoFactor(api().client());
    const other = await memberWithTwoFactor(api().client());
    later(1);
    const client = api().client();
    const { tempToken } = (await passwordStep(client, owner)).json;
    const withOthersCode = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, backupCode: other.backupCodes[0] } });
    expect(withOthersCode.status).toBe(400);
    const forged = tempToken!.replace(/^[^.]+/, other.userId);
    expect((await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: forged, token: other.code() } })).status).toBe(401);
  });

  it('refuses malformed temporary tokens and codes with a message, never a 500', async () => {
    const client = api().client();
    const bad = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: 'not-a-token', token: '123456' } });
    expect(bad.status).toBe(401);
    const shortCode = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken: 'a.b.c', token: '12' } });
    expect(shortCode.status).toBe(400);
    expect(shortCode.json).toMatchObject({ field: 'token', message: 'The code must be 6 digits' });
    const missing = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { token: '123456' } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ field: 'tempToken' });
  });

  it('stops guessing at the two-factor limit and burns the temporary token', async () => {
    // Limits count in fixed 5-minute windows: start just inside one, so the setup's attempt and the
    // guesses a minute later always share it, whatever the wall clock says.
    const windowMs = 5 * 60_000;
    moveRequestClock(new Date((Math.floor(requestTime().getTime() / windowMs) + 1) * windowMs + 10_000));
    const member = await memberWithTwoFactor(api().client());
    later(1);
    const client = api().client();
    const { tempToken } = (await passwordStep(client, member)).json;
    const wrong = wrongCode(member.code());
    const statuses: number[] = [];
    // The member's setup verify counted one attempt; the default limit is 5 in 5 minutes.
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, token: wrong } })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    later(6);
    const burned = await client.request('POST', '/api/auth/2fa/verify-temp', { json: { tempToken, token: member.code() } });
    expect(burned.status).toBe(401);
  });
});
