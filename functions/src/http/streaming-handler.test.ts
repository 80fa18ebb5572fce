import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import type { RouteDef } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { getJwtKeys } from '../config/secrets.ts';
import { signAccessToken } from '../domain/auth/tokens.ts';
import { startTestStack } from '../local/test-stack.ts';
import { createSession } from '../store/session-store.ts';
import { buildStreamingHandler } from './streaming-handler.ts';

const route: RouteDef = {
  method: 'POST',
  path: '/api/test/stream/{id}',
  handler: 'test/kit-stream',
  auth: 'user',
  streaming: true,
  body: z.object({ count: z.int().min(1).max(5) }).strict(),
  params: z.object({ id: z.string().min(3) }),
  response: z.unknown(),
};

/** Resolved by the test once it has read the first event, so the handler cannot finish first. */
let firstEventSeen!: () => void;

const handler = buildStreamingHandler(route, async (request) => {
  const { count } = request.body as { count: number };
  const { id } = request.params as { id: string };
  const body = new PassThrough();
  const gate = new Promise<void>((resolve) => (firstEventSeen = resolve));
  void (async () => {
    body.write(`data: ${id} 1 for ${request.auth!.userId}\n\n`);
    await gate;
    for (let n = 2; n <= count; n++) body.write(`data: ${id} ${n}\n\n`);
    body.end('data: [DONE]\n\n');
  })();
  return { body };
});

let stack: Awaited<ReturnType<typeof startTestStack>>;
let token: string;
beforeAll(async () => {
  stack = await startTestStack({ routes: [{ ...route, name: 'kitStream' } as never], loadHandler: async () => ({ handler }) });
  const now = new Date();
  await createSession({ userId: 'stream-user-1', sessionId: 'session-0001', tokenHash: 'ab', previousTokenHash: null, rotatedAt: null, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 3600 });
  token = await signAccessToken({ userId: 'stream-user-1', role: 'USER', sessionId: 'session-0001' }, await getJwtKeys());
});
afterAll(() => stack.stop());

/** POSTs as the browser does behind CloudFront OAC, calling onChunk for each chunk as it lands. */
function post(path: string, body: string, headers: Record<string, string>, onChunk: (text: string) => void = () => undefined) {
  const { hostname, port } = new URL(stack.baseUrl);
  const sha = createHash('sha256').update(body).digest('hex');
  return new Promise<{ status: number; contentType: string | undefined; text: string }>((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        onChunk(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('streaming handlers built with the kit', () => {
  it('authenticates from X-Meld-Authorization and streams events before the handler finishes', async () => {
    const order: string[] = [];
    const response = await post('/api/test/stream/abc', JSON.stringify({ count: 3 }), { 'x-meld-authorization': `Bearer ${token}` }, (chunk) => {
      order.push(chunk);
      if (order.length === 1) firstEventSeen();
    });
    expect(response.status).toBe(200);
    expect(response.contentType).toMatch(/text\/event-stream/);
    expect(order[0]).toBe('data: abc 1 for stream-user-1\n\n');
    expect(response.text).toBe('data: abc 1 for stream-user-1\n\ndata: abc 2\n\ndata: abc 3\n\ndata: [DONE]\n\n');
  });

  it('answers a missing token with a JSON 401 before streaming anything', async () => {
    const response = await post('/api/test/stream/abc', JSON.stringify({ count: 1 }), {});
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a bad body or path with a JSON 400 naming the field', async () => {
    const badBody = await post('/api/test/stream/abc', JSON.stringify({ count: 9 }), { 'x-meld-authorization': `Bearer ${token}` });
    expect(badBody.status).toBe(400);
    expect(JSON.parse(badBody.text)).toMatchObject({ field: 'count' });
    const badPath = await post('/api/test/stream/ab', JSON.stringify({ count: 1 }), { 'x-meld-authorization': `Bearer ${token}` });
    expect(badPath.status).toBe(400);
    expect(JSON.parse(badPath.text)).toMatchObject({ field: 'id' });
  });
});
