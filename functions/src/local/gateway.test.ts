import type { Server } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { HttpMethod, RouteDef } from '@meld/shared';
import { closeGateway, createGateway } from './gateway.ts';
import { AWS_LIMITS } from './aws-limits.ts';
import type { HandlerModule } from './gateway.ts';
import * as echo from './__fixtures__/echo-handler.ts';
import { listen, rawRequest } from './__fixtures__/raw-http.ts';

function route(method: HttpMethod, path: string, handler: string, extra: Partial<RouteDef> = {}): RouteDef {
  return { method, path, handler, auth: 'public', response: z.unknown(), ...extra };
}

const modules: Record<string, HandlerModule> = {
  'test/echo': echo,
  'test/cookies': {
    handler: async () => ({
      statusCode: 201,
      headers: { 'x-custom': 'yes' },
      cookies: ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/', 'refresh=xyz; Path=/api/auth; HttpOnly; Secure'],
      body: JSON.stringify({ ok: true }),
    }),
  },
  'test/binary': {
    handler: async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([0, 1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    }),
  },
  'test/plain-object': { handler: async () => ({ hello: 'world' }) },
  'test/boom': {
    handler: async () => {
      throw new Error('kaboom');
    },
  },
};

const routes = [
  route('POST', '/api/echo/{id}', 'test/echo', { lambda: { memoryMb: 1024, timeoutSeconds: 20 } }),
  route('GET', '/api/echo/{id}', 'test/echo'),
  route('GET', '/api/cookies', 'test/cookies'),
  route('GET', '/api/binary', 'test/binary'),
  route('GET', '/api/plain', 'test/plain-object'),
  route('GET', '/api/boom', 'test/boom'),
  // The default loader resolves handlers under functions/src/routes; this one points back at a fixture.
  route('GET', '/api/real-import', '../local/__fixtures__/echo-handler'),
];

interface EchoBody {
  event: APIGatewayProxyEventV2;
  context: { awsRequestId: string; functionName: string; memoryLimitInMB: string; remainingMs: number };
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createGateway({ jobs: false, routes, loadHandler: async (r) => modules[r.handler] ?? import(`../routes/${r.handler}.ts`) });
  baseUrl = await listen(server);
});
afterAll(() => closeGateway(server));
afterEach(() => vi.restoreAllMocks());

describe('the local API gateway', () => {
  it('hands the handler an API Gateway HTTP API v2 event and a Lambda context', async () => {
    const res = await rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/echo/hello%20world?x=1&x=2&y=z',
      headers: {
        'content-type': 'application/json',
        cookie: 'a=1; b=two',
        'x-multi': ['one', 'two'],
        'user-agent': 'gateway-test/1.0',
      },
      body: '{"message":"hi"}',
    });
    expect(res.status).toBe(200);
    const { event, context } = JSON.parse(res.text) as EchoBody;

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/echo/{id}',
      rawPath: '/api/echo/hello%20world',
      rawQueryString: 'x=1&x=2&y=z',
      cookies: ['a=1', 'b=two'],
      queryStringParameters: { x: '1,2', y: 'z' },
      pathParameters: { id: 'hello world' },
      body: '{"message":"hi"}',
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'POST /api/echo/{id}',
        stage: '$default',
        http: { method: 'POST', path: '/api/echo/hello%20world', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'gateway-test/1.0' },
      },
    });
    expect(event.headers['x-multi']).toBe('one,two');
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toBe(res.headers['apigw-requestid']);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(60_000);

    expect(context.functionName).toBe('meld-test-echo');
    expect(context.memoryLimitInMB).toBe('1024');
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    // The route's own 20 s rather than the 10 s default.
    expect(context.remainingMs).toBeGreaterThan(10_000);
    expect(context.remainingMs).toBeLessThanOrEqual(20_000);
  });

  it('base64-encodes bodies that are not text and leaves out what the request did not have', async () => {
    const bytes = Buffer.from([0, 159, 146, 150, 255]);
    const binary = await rawRequest(baseUrl, { method: 'POST', path: '/api/echo/x', headers: { 'content-type': 'audio/webm' }, body: bytes });
    const { event } = JSON.parse(binary.text) as EchoBody;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64')).toEqual(bytes);

    const bare = JSON.parse((await rawRequest(baseUrl, { path: '/api/echo/x' })).text) as EchoBody;
    expect(bare.event.body).toBeUndefined();
    expect(bare.event.isBase64Encoded).toBe(false);
    expect(bare.event).not.toHaveProperty('cookies');
    expect(bare.event).not.toHaveProperty('queryStringParameters');
  });

  it('passes the status, headers and every cookie of the result through as separate Set-Cookie lines', async () => {
    const res = await rawRequest(baseUrl, { path: '/api/cookies' });
    expect(res.status).toBe(201);
    expect(res.headers['x-custom']).toBe('yes');
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['set-cookie']).toEqual([
      'session=abc; Path=/; HttpOnly',
      'theme=dark; Path=/',
      'refresh=xyz; Path=/api/auth; HttpOnly; Secure',
    ]);
  });

  it('decodes a base64 result back into bytes', async () => {
    const res = await rawRequest(baseUrl, { path: '/api/binary' });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect([...res.body]).toEqual([0, 1, 2, 255]);
  });

  it('treats a result without statusCode as the JSON body of a 200, as payload format 2.0 does', async () => {
    const res = await rawRequest(baseUrl, { path: '/api/plain' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.text)).toEqual({ hello: 'world' });
  });

  it('imports handler modules from functions/src/routes by default', async () => {
    const gateway = createGateway({ jobs: false, routes });
    const url = await listen(gateway);
    try {
      const res = await rawRequest(url, { path: '/api/real-import' });
      expect(res.status).toBe(200);
      expect((JSON.parse(res.text) as EchoBody).event.routeKey).toBe('GET /api/real-import');
    } finally {
      await closeGateway(gateway);
    }
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    const res = await rawRequest(baseUrl, { path: '/api/x' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/x' });
  });

  it('answers a known path with the wrong method with a 405 and an Allow header', async () => {
    const res = await rawRequest(baseUrl, { method: 'DELETE', path: '/api/echo/1' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST, GET');
    expect(JSON.parse(res.text)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it("refuses bodies over the HTTP API's 10 MB request limit, declared or streamed, with its own answer", async () => {
    const tooBig = Buffer.alloc(AWS_LIMITS.httpApiRequestBytes + 1, 'a');
    const declared = await rawRequest(baseUrl, { method: 'POST', path: '/api/echo/1', headers: { 'content-type': 'text/plain' }, body: tooBig });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ message: 'Request Entity Too Large' });

    const chunked = await rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/echo/1',
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      body: tooBig,
    });
    expect(chunked.status).toBe(413);

    const justFits = await rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/echo/1',
      headers: { 'content-type': 'text/plain' },
      body: Buffer.alloc(AWS_LIMITS.invocationEventBytes - 8 * 1024, 'a'),
    });
    expect(justFits.status).toBe(200);
  });

  it("turns a handler that throws into API Gateway's 500 and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await rawRequest(baseUrl, { path: '/api/boom' });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({ message: 'Internal Server Error' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('test/boom'), expect.objectContaining({ message: 'kaboom' }));
  });
});
