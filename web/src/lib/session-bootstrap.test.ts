import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch } from '@/test/fetch-mock.ts';
import { testUser } from '@/test/fixtures.ts';
import { getSession } from './auth-session.ts';

describe('bootstrapSession', () => {
  it('restores the session from the refresh cookie once per page load', async () => {
    const fetch = mockFetch({ 'POST /api/auth/refresh': json({ token: 'restored', user: testUser }) });
    const { bootstrapSession } = await import('./session-bootstrap.ts');
    await Promise.all([bootstrapSession(), bootstrapSession()]);
    await bootstrapSession();
    expect(callsTo(fetch, 'POST /api/auth/refresh')).toHaveLength(1);
    expect(getSession()).toMatchObject({ status: 'authenticated', token: 'restored' });
  });
});
