import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { getSession } from './auth-session.ts';

describe('bootstrapSession', () => {
  it('restores the session from the refresh cookie once per page load', async () => {
    // Set by the server beside the HttpOnly refresh cookie at sign-in (decision 0044).
    document.cookie = 'meld_signed_in=1; Path=/';
    const fetch = mockApi({ refresh: { token: 'restored', user: testUser } });
    const { bootstrapSession } = await import('./session-bootstrap.ts');
    await Promise.all([bootstrapSession(), bootstrapSession()]);
    await bootstrapSession();
    expect(callsTo(fetch, 'refresh')).toHaveLength(1);
    expect(getSession()).toMatchObject({ status: 'authenticated', token: 'restored' });
  });

});
