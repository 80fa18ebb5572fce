import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGateway, createGateway } from './gateway.ts';
import { listen, rawRequest } from './__fixtures__/raw-http.ts';

const INDEX = '<!doctype html><title>Meld</title>';
const SHARE = '<!doctype html><title>Meld shared conversation</title>';
const SECRET = 'top secret, outside the dist folder';

let workDir: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // <workDir>/secret.txt sits next to <workDir>/dist, one `..` away from the served root.
  workDir = await mkdtemp(join(tmpdir(), 'meld-static-'));
  const dist = join(workDir, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'share.html'), SHARE);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  await writeFile(join(dist, 'assets', 'index-77b2e0.css'), 'body{}');
  await writeFile(join(dist, 'favicon.svg'), '<svg/>');
  // A build from before source maps left dist (issue 21) may still hold one.
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js.map'), '{"sourcesContent":["the source"]}');
  await writeFile(join(workDir, 'secret.txt'), SECRET);
  server = createGateway({ routes: [], webDistDir: dist });
  baseUrl = await listen(server);
});

afterAll(async () => {
  await closeGateway(server);
  await rm(workDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html at the root without letting browsers cache it', async () => {
    const res = await rawRequest(baseUrl, { path: '/' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets with their content type and a year-long immutable cache', async () => {
    const js = await rawRequest(baseUrl, { path: '/assets/index-3f9a1c.js' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await rawRequest(baseUrl, { path: '/assets/index-77b2e0.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await rawRequest(baseUrl, { path: '/favicon.svg' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('reads a fingerprinted asset from disk once, and looks again for one that was missing', async () => {
    const dist = join(workDir, 'dist');
    await writeFile(join(dist, 'assets', 'chunk-a1b2c3.js'), 'export const a = 1;');
    expect((await rawRequest(baseUrl, { path: '/assets/chunk-a1b2c3.js' })).text).toBe('export const a = 1;');
    // Gone from disk (a new build), its name still means the same bytes: served from memory, whole.
    await rm(join(dist, 'assets', 'chunk-a1b2c3.js'));
    const again = await rawRequest(baseUrl, { path: '/assets/chunk-a1b2c3.js' });
    expect(again.status).toBe(200);
    expect(again.text).toBe('export const a = 1;');
    expect(again.headers['content-length']).toBe(String('export const a = 1;'.length));
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await rawRequest(baseUrl, { path: '/assets/chunk-d4e5f6.js' })).status).toBe(404);
    await writeFile(join(dist, 'assets', 'chunk-d4e5f6.js'), 'export const b = 2;');
    expect((await rawRequest(baseUrl, { path: '/assets/chunk-d4e5f6.js' })).text).toBe('export const b = 2;');

    // Only what lies in assets/ is an asset: index.html reached through it is the page, revalidated.
    const page = await rawRequest(baseUrl, { path: '/assets/..%2Findex.html' });
    expect(page.text).toBe(INDEX);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes but 404s a missing file', async () => {
    const route = await rawRequest(baseUrl, { path: '/c/new?x=1' });
    expect(route.status).toBe(200);
    expect(route.text).toBe(INDEX);
    expect(route.headers['cache-control']).toBe('no-cache');
    const missing = await rawRequest(baseUrl, { path: '/assets/gone-123.js' });
    expect(missing.status).toBe(404);
  });

  it('answers a shared conversation with share.html, as CloudFront does, and every other page with index.html', async () => {
    const shared = await rawRequest(baseUrl, { path: '/share/abc-123?from=mail' });
    expect(shared.status).toBe(200);
    expect(shared.text).toBe(SHARE);
    expect(shared.headers['cache-control']).toBe('no-cache');
    for (const path of ['/share/', '/share', '/shared/abc', '/c/share/abc']) expect((await rawRequest(baseUrl, { path })).text, path).toBe(INDEX);
    expect((await rawRequest(baseUrl, { path: '/share/abc.png' })).status).toBe(404);
  });

  it('never serves a file outside the dist folder', async () => {
    const attempts = ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%2e%2e%2f%2e%2e%2fsecret.txt', '/x/../../secret.txt'];
    for (const path of attempts) {
      const res = await rawRequest(baseUrl, { path });
      expect(res.text, path).not.toContain(SECRET);
      expect(res.status, path).not.toBe(500);
    }
    const nul = await rawRequest(baseUrl, { path: '/index.html%00.js' });
    expect(nul.status).toBe(400);
  });

  it('never serves a source map, as the site does not publish them', async () => {
    for (const path of ['/assets/index-3f9a1c.js.map', '/assets/INDEX-3F9A1C.JS.MAP', '/assets/missing.js.map']) {
      const res = await rawRequest(baseUrl, { path });
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('the source');
    }
  });

  it('answers HEAD without a body and revalidation with 304', async () => {
    const head = await rawRequest(baseUrl, { method: 'HEAD', path: '/' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(INDEX.length);
    const again = await rawRequest(baseUrl, { path: '/', headers: { 'if-none-match': String(head.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('refuses methods other than GET and HEAD outside the API', async () => {
    const res = await rawRequest(baseUrl, { method: 'POST', path: '/c/new', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('tells the operator to build the web app when there is no build', async () => {
    const bare = createGateway({ routes: [], webDistDir: join(workDir, 'no-such-dist') });
    const url = await listen(bare);
    try {
      const res = await rawRequest(url, { path: '/' });
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build:web');
    } finally {
      await closeGateway(bare);
    }
  });
});
