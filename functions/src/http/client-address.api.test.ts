import { ORIGIN_KEY_HEADER } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putBan } from '../store/ban-store.ts';
import { TEST_SIGNUP_CODE, useApi } from '../routes/api-test-kit.ts';

const ORIGIN_KEY = 'edge-origin-key-of-this-test-stack';
/** The next key, listed second while CloudFront still sends the first (or already the second). */
const NEXT_KEY = 'next-edge-origin-key-of-this-test-stack';
const api = useApi({ env: { MELD_EDGE_ORIGIN_KEY: `${ORIGIN_KEY} ${NEXT_KEY}` } });

/** A banned viewer address, and a request from another machine claiming to be it. */
async function claimBannedAddress(viewer: string, peer: string, headers: Record<string, string>) {
  await putBan({ kind: 'ip', id: viewer }, Date.now() + 60_000);
  return api()
    .client({ localAddress: peer })
    .request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE }, headers: { 'cloudfront-viewer-address': `${viewer}:40211`, ...headers } });
}

describe('a request that did not come through our CloudFront', () => {
  it('is refused outright, claimed viewer address or not: the execute-api address and Function URLs skip the firewall', async () => {
    const attempts: Record<string, string>[] = [{}, { [ORIGIN_KEY_HEADER]: `${ORIGIN_KEY}-guessed` }, { [ORIGIN_KEY_HEADER]: '' }];
    for (const headers of attempts) {
      const response = await claimBannedAddress('198.51.100.21', '127.0.7.1', headers);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ code: 'FORBIDDEN', message: 'Meld answers only at its site address.' });
    }
    const health = await api().client().request('GET', '/health');
    expect(health.status).toBe(403);
  });

  it('is served when it carries either key listed while a new one rolls out', async () => {
    const rolling = await api().client().request('GET', '/health', { headers: { [ORIGIN_KEY_HEADER]: NEXT_KEY } });
    expect(rolling.status).toBe(200);
    const current = await api().client().request('GET', '/health', { headers: { [ORIGIN_KEY_HEADER]: ORIGIN_KEY } });
    expect(current.status).toBe(200);
    // CloudFront sends the secret as it is: once the distribution is deployed mid-rotation, both values at once.
    const both = await api().client().request('GET', '/health', { headers: { [ORIGIN_KEY_HEADER]: `${ORIGIN_KEY} ${NEXT_KEY}` } });
    expect(both.status).toBe(200);
    const guessed = await api().client().request('GET', '/health', { headers: { [ORIGIN_KEY_HEADER]: `guessed ${ORIGIN_KEY}-not` } });
    expect(guessed.status).toBe(403);
  });
});

describe('the viewer address a request claims', () => {
  it('is the caller’s address when CloudFront’s edge origin key comes with it', async () => {
    const response = await claimBannedAddress('198.51.100.23', '127.0.7.3', { [ORIGIN_KEY_HEADER]: ORIGIN_KEY });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ code: 'BANNED' });
  });

  it('is ignored when CloudFront sends none, and the peer counts', async () => {
    await putBan({ kind: 'ip', id: '127.0.7.4' }, Date.now() + 60_000);
    const response = await api()
      .client({ localAddress: '127.0.7.4' })
      .request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE }, headers: { [ORIGIN_KEY_HEADER]: ORIGIN_KEY } });
    expect(response.json).toMatchObject({ code: 'BANNED' });
  });
});
