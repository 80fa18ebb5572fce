import { BACKUP_CODE_ALPHABET } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { keys } from '../../../store/keys.ts';
import { table } from '../../../store/table.ts';
import { signUp, useApi } from '../../api-test-kit.ts';
import { memberInSetup, memberWithTwoFactor, useMovableClock } from './two-factor-test-kit.ts';

const api = useApi();
const later = useMovableClock();
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor setup', () => {
  it('gives an authenticator URL and ten backup codes, and stays off until a code is verified', async () => {
    const member = await memberInSetup(api().client());
    expect(member.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Meld:/);
    expect(member.totp).toMatchObject({ issuer: 'Meld', label: member.email, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(member.backupCodes).toHaveLength(10);
    for (const code of member.backupCodes) expect(code).toMatch(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{8}$`));
    const user = await member.call<{ twoFactorEnabled: boolean; provider: string }>('GET', '/api/user');
    expect(user.json).toMatchObject({ twoFactorEnabled: false, provider: 'local' });
  });

  it('confirms a right code against the pending secret and refuses a wrong or short one with a message', async () => {
    const member = await memberInSetup(api().client());
    const right = await member.call('POST', '/api/auth/2fa/confirm', { token: member.code() });
    expect(right.status).toBe(200);
    const wrong = await member.call('POST', '/api/auth/2fa/confirm', { token: wrongCode(member.code()) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ code: 'INVALID_2FA_CODE', message: 'Invalid two-factor code or backup code.', field: 'token' });
    const short = await member.call('POST', '/api/auth/2fa/confirm', { token: '123' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ field: 'token', message: 'The code must be 6 digits' });
    expect((await member.call<{ twoFactorEnabled: boolean }>('GET', '/api/user')).json.twoFactorEnabled).toBe(false);
  });

  it('turns two-factor on with a verified code, never returns the secret again, and refuses a second setup', async () => {
    const member = await memberWithTwoFactor(api().client());
    const user = await member.call('GET', '/api/user');
    expect(user.json).toMatchObject({ twoFactorEnabled: true });
    const secret = member.totp.secret.base32;
    expect(user.text).not.toContain(secret);
    for (const code of member.backupCodes) expect(user.text).not.toContain(code);
    const again = await member.call('GET', '/api/auth/2fa/enable');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'Two-factor authentication is already on.' });
  });

  it('refuses the code that turned two-factor on when it is sent again', async () => {
    const member = await memberInSetup(api().client());
    const code = member.code();
    expect((await member.call('POST', '/api/auth/2fa/verify', { token: code })).status).toBe(200);
    const replay = await member.call('POST', '/api/auth/2fa/disable', { token: code });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: 'INVALID_2FA_CODE' });
  });

  it('asks for exactly one of a code and a backup code, with a message', async () => {
    const member = await memberInSetup(api().client());
    const neither = await member.call('POST', '/api/auth/2fa/verify', {});
    const both = await member.call('POST', '/api/auth/2fa/verify', { token: member.code(), backupCode: member.backupCodes[0] });
    const badBackup = await member.call('POST', '/api/auth/2fa/verify', { backupCode: 'short' });
    for (const response of [neither, both]) {
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ field: 'token', message: 'Enter either the 6-digit code from your app or one backup code' });
    }
    expect(badBackup.json).toMatchObject({ field: 'backupCode', message: 'A backup code is 8 letters and digits' });
  });

  it('turns two-factor off with a backup code typed in lower case, and then has nothing to turn off', async () => {
    const member = await memberWithTwoFactor(api().client());
    const off = await member.call('POST', '/api/auth/2fa/disable', { backupCode: member.backupCodes[3]!.toLowerCase() });
    expect(off.status).toBe(200);
    expect((await member.call<{ twoFactorEnabled: boolean }>('GET', '/api/user')).json.twoFactorEnabled).toBe(false);
    const again = await member.call('POST', '/api/auth/2fa/disable', { backupCode: member.backupCodes[4] });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'Two-factor authentication is not set up.' });
  });

  it('cancels a pending setup with one of its backup codes, after which a new setup starts cleanly', async () => {
    const member = await memberInSetup(api().client());
    expect((await member.call('POST', '/api/auth/2fa/disable', { backupCode: member.backupCodes[0] })).status).toBe(200);
    const fresh = await member.call<{ otpauthUrl: string }>('GET', '/api/auth/2fa/enable');
    expect(fresh.status).toBe(200);
    expect(fresh.json.otpauthUrl).not.toBe(member.otpauthUrl);
  });

  it('regenerates backup codes: the old ones stop working, the new ones work, and no hash is returned', async () => {
    const member = await memberWithTwoFactor(api().client());
    later(1);
    const regenerated = await member.call<{ backupCodes: string[]; backupCodesHash: unknown[] }>('POST', '/api/auth/2fa/backup/regenerate', { token: member.code() });
    expect(regenerated.status).toBe(200);
    expect(regenerated.json.backupCodes).toHaveLength(10);
    expect(regenerated.json.backupCodesHash).toEqual(Array.from({ length: 10 }, () => ({ used: false, usedAt: null })));
    expect(regenerated.json.backupCodes).not.toContain(member.backupCodes[0]);
    expect((await member.call('POST', '/api/auth/2fa/disable', { backupCode: member.backupCodes[0] })).status).toBe(400);
    expect((await member.call('POST', '/api/auth/2fa/disable', { backupCode: regenerated.json.backupCodes[0] })).status).toBe(200);
  });

  it('refuses to regenerate backup codes while two-factor is only pending', async () => {
    const member = await memberInSetup(api().client());
    const response = await member.call('POST', '/api/auth/2fa/backup/regenerate', { token: member.code() });
    expect(response.status).toBe(409);
  });

  it('is refused to an account that signs in through a social provider', async () => {
    const member = await signUp(api().client());
    await table.update(keys.user(member.userId), { UpdateExpression: 'SET provider = :google', ExpressionAttributeValues: { ':google': 'google' } });
    const response = await member.call('GET', '/api/auth/2fa/enable');
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ message: 'Two-factor authentication is for accounts that sign in with a password.' });
  });

  it('needs a signed-in user for every setup route', async () => {
    const client = api().client();
    for (const [method, path] of [['GET', '/api/auth/2fa/enable'], ['POST', '/api/auth/2fa/verify'], ['POST', '/api/auth/2fa/disable']] as const) {
      expect((await client.request(method, path, { json: method === 'GET' ? undefined : { token: '123456' } })).status).toBe(401);
    }
  });
});
