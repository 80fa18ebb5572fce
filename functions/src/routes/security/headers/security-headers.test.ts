import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACT_FRAME_PATH, securityHeaders } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGateway, createGateway, listenGateway } from '../../../local/gateway.ts';
import { registerMember, useApi } from '../../api-test-kit.ts';

const api = useApi();

/** A gateway over the same stack with its own small web build, so the test needs no `npm run build:web`. */
let web: Server;
let webUrl: string;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'meld-headers-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Meld</title>');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'artifact-frame.html'), '<!doctype html><title>Artifact preview</title>');
  web = createGateway({ webDistDir: dist });
  webUrl = `http://localhost:${await listenGateway(web, 0)}`;
});
afterAll(() => closeGateway(web));

const APP_HEADERS = Object.keys(securityHeaders());

function expectAppHeaders(response: Response): void {
  const expected = securityHeaders({ storageOrigins: [new URL(process.env.MELD_S3_ENDPOINT!).origin] });
  for (const name of APP_HEADERS) expect(response.headers.get(name), name).toBe(expected[name]);
}

async function streamedAsk(token: string): Promise<Response> {
  const body = JSON.stringify({ model: 'meld-demo', endpoint: 'demo', text: 'Hello there', conversationId: null });
  return fetch(`${api().baseUrl}/api/ask/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'), 'x-meld-authorization': `Bearer ${token}` },
    body,
  });
}

describe('security headers on every response', () => {
  it('sends the app policy, HSTS, nosniff, DENY framing, referrer, permissions and opener policies on API JSON', async () => {
    const { token } = await registerMember(api().client());
    const response = await fetch(`${api().baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expectAppHeaders(response);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers.get('permissions-policy')).toContain('microphone=(self)');
  });

  it('sends them on 4xx answers: a refused login, a missing token, an unknown API path and a wrong method', async () => {
    const base = api().baseUrl;
    const answers = await Promise.all([
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }) }),
      fetch(`${base}/api/user`),
      fetch(`${base}/api/no-such-route`),
      fetch(`${base}/api/auth/login`, { method: 'GET' }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([401, 401, 404, 405]);
    for (const response of answers) expectAppHeaders(response);
  });

  it('sends them on a streamed reply', async () => {
    const { token } = await registerMember(api().client());
    const response = await streamedAsk(token);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expectAppHeaders(response);
    await response.text();
  });

  it('sends them on index.html, a client route, a static file and a missing file', async () => {
    const answers = await Promise.all(['/', '/c/new', '/favicon.svg', '/assets/missing.js'].map((path) => fetch(`${webUrl}${path}`)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 404]);
    for (const response of answers) expectAppHeaders(response);
  });

  it('lets only the app frame the artifact page, which runs inline scripts but reaches no network', async () => {
    const response = await fetch(`${webUrl}${ARTIFACT_FRAME_PATH}`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'unsafe-inline' 'self'");
    expect(policy).toContain("connect-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('permissions-policy')).toContain('microphone=()');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
