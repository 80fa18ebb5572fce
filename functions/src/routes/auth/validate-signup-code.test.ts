import { describe, expect, it } from 'vitest';
import { inOneRateWindow, useApi, TEST_SIGNUP_CODE } from '../api-test-kit.ts';

const api = useApi({ config: { rateLimits: { signupCode: { max: 5, windowMinutes: 15 } } } });

describe('POST /api/auth/validate-signup-code', () => {
  it('accepts a known code in any case and sets the signup cookie for a day', async () => {
    const response = await api().client().request('POST', '/api/auth/validate-signup-code', { json: { signupCode: ` ${TEST_SIGNUP_CODE.toLowerCase()} ` } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ valid: true, message: 'Signup code accepted' });
    const cookie = response.setCookies.find((value) => value.startsWith('meld_signup_code='));
    expect(cookie).toContain(`meld_signup_code=${TEST_SIGNUP_CODE}`);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('says an unknown code is invalid and sets no cookie', async () => {
    const response = await api().client().request('POST', '/api/auth/validate-signup-code', { json: { signupCode: 'PILOT-WRONG' } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ valid: false, message: 'Invalid signup code' });
    expect(response.setCookies).toEqual([]);
  });

  it('slows down guessing with a 429 after the configured attempts', async () => {
    inOneRateWindow(15);
    const client = api().client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await client.request('POST', '/api/auth/validate-signup-code', { json: { signupCode: `GUESS-${attempt}` } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
