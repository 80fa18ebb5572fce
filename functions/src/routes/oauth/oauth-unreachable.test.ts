import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';

// Port 9 (discard) is closed on a test machine: the issuer cannot be reached at all.
const api = useApi({ config: { social: { enabled: true, providers: { openid: true }, issuer: { url: 'http://127.0.0.1:9', clientId: 'meld' } } } });

describe('social sign-in while the identity provider is down', () => {
  it('sends the browser back to /login with oauth_failed instead of an error page', async () => {
    const response = await api().client().request('GET', '/oauth/openid');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${api().baseUrl}/login?error=oauth_failed`);
    expect(response.setCookies.some((cookie) => cookie.startsWith('meld_oauth=;'))).toBe(true);
  });
});
