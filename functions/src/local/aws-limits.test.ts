import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { HttpMethod, RouteDef } from '@meld/shared';
import { checkBucketAccess, checkTableAccess } from '../store/declared-access.ts';
import { AWS_LIMITS } from './aws-limits.ts';
import { closeGateway, createGateway, type HandlerModule } from './gateway.ts';
import { listen, rawRequest } from './__fixtures__/raw-http.ts';

/**
 * Each AWS wall the local gateway enforces (aws-limits.ts), reached the way a handler or a client
 * would reach it in AWS. The time limits are shrunk through GatewayOptions.limits and fractional
 * route timeouts so the tests wait a fraction of a second, not thirty.
 */
const route = (method: HttpMethod, path: string, handler: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  method,
  path,
  handler,
  auth: 'public',
  response: z.unknown(),
  table: ['write'],
  lambda: { buckets: ['files:messages'] },
  ...extra,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a handler's late AWS calls ran into: the error's name, or 'landed'. */
const lateCalls: string[] = [];
function tryLateCalls(): void {
  for (const call of [() => checkTableAccess('PutItemCommand', {}), () => checkBucketAccess('files', 'messages/u/m.json')]) {
    try {
      call();
      lateCalls.push('landed');
    } catch (error) {
      lateCalls.push((error as Error).name);
    }
  }
}

const INTEGRATION_TIMEOUT_MS = 300;
const STREAM_CAP = 64 * 1024;

const modules: Record<string, HandlerModule> = {
  'test/size': { handler: async () => ({ statusCode: 200, body: 'ok' }) },
  'test/big-answer': {
    handler: async (event: { queryStringParameters?: { bytes?: string } }) => ({ statusCode: 200, body: 'x'.repeat(Number(event.queryStringParameters?.bytes)) }),
  },
  'test/slow': {
    handler: async () => {
      await sleep(INTEGRATION_TIMEOUT_MS + 400);
      tryLateCalls();
      return { statusCode: 200, body: 'finally' };
    },
  },
  'test/quick': {
    handler: async () => {
      tryLateCalls();
      return { statusCode: 200, body: 'quick' };
    },
  },
  'test/slow-stream': {
    handler: awslambda.streamifyResponse(async (_event, stream) => {
      stream.write('first words ');
      await sleep(700);
      tryLateCalls();
      stream.end('and the rest');
    }),
  },
  'test/flood-stream': {
    handler: awslambda.streamifyResponse(async (_event, stream) => {
      for (let sent = 0; sent < STREAM_CAP * 4; sent += 1024) await new Promise<void>((resolve, reject) => stream.write(Buffer.alloc(1024, 'y'), (error) => (error ? reject(error) : resolve())));
      stream.end();
    }),
  },
};

const routes: RouteDef[] = [
  route('POST', '/api/size', 'test/size'),
  route('POST', '/api/url-size', 'test/size', { streaming: true }),
  route('GET', '/api/big-answer', 'test/big-answer'),
  // A function timeout shorter than API Gateway's wait: Lambda's timeout is what the caller meets.
  route('GET', '/api/short-timeout', 'test/slow', { lambda: { timeoutSeconds: 0.2, buckets: ['files:messages'] } }),
  // A function allowed longer than API Gateway waits: the gateway gives up first.
  route('GET', '/api/long-timeout', 'test/slow', { lambda: { timeoutSeconds: 60, buckets: ['files:messages'] } }),
  route('GET', '/api/quick', 'test/quick'),
  route('GET', '/api/slow-stream', 'test/slow-stream', { streaming: true, lambda: { timeoutSeconds: 0.3, buckets: ['files:messages'] } }),
  route('GET', '/api/flood-stream', 'test/flood-stream', { streaming: true }),
];

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createGateway({
    jobs: false,
    routes,
    loadHandler: async (r) => modules[r.handler]!,
    limits: { integrationTimeoutMs: INTEGRATION_TIMEOUT_MS, streamedResponseBytes: STREAM_CAP },
  });
  baseUrl = await listen(server);
});
afterAll(() => closeGateway(server));
afterEach(() => {
  vi.restoreAllMocks();
  lateCalls.length = 0;
});

function quietLogs() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

describe("Lambda's 6 MB invocation payload", () => {
  it('counts the event, so a binary body that fits as bytes is refused once base64 makes it larger', async () => {
    quietLogs();
    // Letters: JSON escapes control bytes, which Lambda counts too.
    const bytes = Buffer.alloc(5 * 1024 * 1024, 'a');
    const asText = await rawRequest(baseUrl, { method: 'POST', path: '/api/size', headers: { 'content-type': 'text/plain' }, body: bytes });
    expect(asText.status).toBe(200);
    const asBinary = await rawRequest(baseUrl, { method: 'POST', path: '/api/size', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(asBinary.status).toBe(413);
    expect(JSON.parse(asBinary.text)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('caps what a Function URL takes at 6 MB, not the HTTP API 10 MB', async () => {
    quietLogs();
    const res = await rawRequest(baseUrl, { method: 'POST', path: '/api/url-size', headers: { 'content-type': 'text/plain' }, body: Buffer.alloc(AWS_LIMITS.invocationEventBytes + 1, 'a') });
    expect(res.status).toBe(413);
  });

  it('fails a buffered result over 6 MB as Lambda does, with API Gateway 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fits = await rawRequest(baseUrl, { path: `/api/big-answer?bytes=${AWS_LIMITS.bufferedResponseBytes - 1024}` });
    expect(fits.status).toBe(200);
    const tooBig = await rawRequest(baseUrl, { path: `/api/big-answer?bytes=${AWS_LIMITS.bufferedResponseBytes}` });
    expect(tooBig.status).toBe(500);
    expect(JSON.parse(tooBig.text)).toEqual({ message: 'Internal Server Error' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('exceeded maximum allowed payload size'));
  });
});

describe('timeouts', () => {
  it("answers Lambda's timeout as a 500 and cuts the work the function still had to do", async () => {
    quietLogs();
    const res = await rawRequest(baseUrl, { path: '/api/short-timeout' });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({ message: 'Internal Server Error' });
    await vi.waitFor(() => expect(lateCalls).toEqual(['InvocationEndedError', 'InvocationEndedError']), { timeout: 3000 });
  });

  it("answers the HTTP API's 30-second wait as a 503 when the function is allowed longer, and cuts its work", async () => {
    quietLogs();
    const res = await rawRequest(baseUrl, { path: '/api/long-timeout' });
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({ message: 'Service Unavailable' });
    await vi.waitFor(() => expect(lateCalls).toEqual(['InvocationEndedError', 'InvocationEndedError']), { timeout: 3000 });
  });

  it('lets a function inside its limits reach AWS', async () => {
    const res = await rawRequest(baseUrl, { path: '/api/quick' });
    expect(res.status).toBe(200);
    expect(lateCalls).toEqual(['landed', 'landed']);
  });

  it("ends a Function URL's stream where it was when the function times out", async () => {
    quietLogs();
    const res = await rawRequest(baseUrl, { path: '/api/slow-stream' }).catch((error: unknown) => error as Error);
    // The head and the first words went out; then the connection is cut, not ended cleanly.
    expect(res).toBeInstanceOf(Error);
    expect((res as Error & { code?: string }).code).toBe('ECONNRESET');
    await vi.waitFor(() => expect(lateCalls).toEqual(['InvocationEndedError', 'InvocationEndedError']), { timeout: 3000 });
  });
});

describe("Lambda's streamed response cap", () => {
  it('cuts a stream that passes it, and the work after it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await rawRequest(baseUrl, { path: '/api/flood-stream' }).catch((error: unknown) => error as Error);
    expect(res).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining(`passed Lambda's ${STREAM_CAP} byte streaming limit`)));
  });
});
