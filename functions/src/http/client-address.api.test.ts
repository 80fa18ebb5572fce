import { ORIGIN_KEY_HEADER } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putBan } from '../store/ban-store.ts';
import { TEST_SIGNUP_CODE, useApi } from '../routes/api-test-kit.ts';

const ORIGIN_KEY = 'edge-origin-key-of-this-test-stack';
const api = useApi({ env: { MELD_EDGE_ORIGIN_KEY: ORIGIN_KEY } });

/** A banned viewer address, and a request from another machine claiming to be it. */
async function claimBannedAddress(viewer: string, peer: string, headers: Record<string, string>) {
  await putBan({ kind: 'ip', id: viewer }, Date.now() + 60_000);
  return api()
    .client({ localAddress: peer })
    .request('POST', '/api/auth/validate-signup-code', { json: { signupCode: TEST_SIGNUP_CODE }, headers: { 'cloudfront-viewer-address': `${viewer}:40211`, ...headers } });
}

describe('the viewer address a request claims', () => {
  it('is ignored without the edge origin key, so a direct caller cannot pass for someone else', async () => {
    const response = await claimBannedAddress('198.51.100.21', '127.0.7.1', {});
    expect(response.status).toBe(200);
  });

  it('is ignored with a wrong edge origin key', async () => {
    const response = await claimBannedAddress('198.51.100.22', '127.0.7.2', { [ORIGIN_KEY_HEADER]: `${ORIGIN_KEY}-guessed` });
    expect(response.status).toBe(200);
  });

  it('is the caller’s address when CloudFront’s edge origin key comes with it', async () => {
    const response = await claimBannedAddress('198.51.100.23', '127.0.7.3', { [ORIGIN_KEY_HEADER]: ORIGIN_KEY });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ code: 'BANNED' });
  });
});
