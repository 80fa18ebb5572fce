import { createHash } from 'node:crypto';
import { get } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDef } from '@meld/shared';
import { closeGateway, createGateway } from './gateway.ts';
import type { HandlerModule } from './gateway.ts';
import { isStreamingHandler } from './lambda-stream-shim.ts';
import { listen, rawRequest } from './__fixtures__/raw-http.ts';

// Imported after the gateway so the awslambda global exists when middy wraps the handler.
const chunks = await import('./__fixtures__/streaming-chunks.ts');

const streamingRoute = (path: string, handler: string): RouteDef => ({
  method: 'GET',
  path,
  handler,
  auth: 'user',
  streaming: true,
  response: z.unknown(),
});

const modules: Record<string, HandlerModule> = {
  'test/chunks': chunks,
  'test/plain-stream': {
    handler: awslambda.streamifyResponse(async (_event, stream) => {
      stream.setContentType('text/plain; charset=utf-8');
      stream.write('hello ');
      stream.end('stream');
    }),
  },
  'test/broken-stream': {
    handler: awslambda.streamifyResponse(async (_event, stream) => {
      stream.write('partial');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('lost the upstream model');
    }),
  },
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createGateway({
    jobs: false,
    routes: [
      streamingRoute('/api/stream/{id}', 'test/chunks'),
      streamingRoute('/api/plain-stream', 'test/plain-stream'),
      streamingRoute('/api/broken-stream', 'test/broken-stream'),
      { ...streamingRoute('/api/plain-stream', 'test/plain-stream'), method: 'POST' },
    ],
    loadHandler: async (route) => modules[route.handler]!,
  });
  baseUrl = await listen(server);
});
afterAll(() => closeGateway(server));
afterEach(() => vi.restoreAllMocks());

function open(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(`${baseUrl}${path}`, resolve).on('error', reject));
}

describe('streaming routes', () => {
  it('delivers each chunk of a middy streaming handler while the handler is still writing', async () => {
    chunks.probe.reset();
    const res = await open('/api/stream/42');
    let body = '';
    for await (const data of res) {
      if (body === '') {
        chunks.probe.timeline.push('client received first chunk');
        chunks.probe.firstChunkReceived.resolve();
      }
      body += String(data);
    }

    expect(body).toBe(chunks.CHUNKS.join(''));
    const { timeline } = chunks.probe;
    const lastWrite = `written ${chunks.CHUNKS.length - 1}`;
    expect(timeline.indexOf('client received first chunk')).toBeGreaterThan(-1);
    expect(timeline.indexOf('client received first chunk')).toBeLessThan(timeline.indexOf(lastWrite));
  });

  it('sends the status, headers and cookies the handler returned, chunked and without a Content-Length', async () => {
    chunks.probe.reset();
    chunks.probe.firstChunkReceived.resolve();
    const res = await rawRequest(baseUrl, { path: '/api/stream/7' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['set-cookie']).toEqual(['stream-a=1; Path=/', 'stream-b=2; Path=/; HttpOnly']);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    // Function URLs, which serve streaming routes in AWS, know no route key.
    expect(res.headers['x-route-key']).toBe('$default');
  });

  it('honours setContentType on a plain streamifyResponse handler', async () => {
    expect(isStreamingHandler(modules['test/plain-stream']!.handler)).toBe(true);
    const res = await rawRequest(baseUrl, { path: '/api/plain-stream' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('hello stream');
  });

  it('refuses a body without its SHA-256 in x-amz-content-sha256, as Lambda behind CloudFront does', async () => {
    const body = '{"message":"hello"}';
    const post = (headers: Record<string, string>) =>
      rawRequest(baseUrl, { method: 'POST', path: '/api/plain-stream', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'x-amz-content-sha256': createHash('sha256').update('other').digest('hex') })).status).toBe(403);
    const signed = await post({ 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') });
    expect(signed.status).toBe(200);
    expect(signed.text).toBe('hello stream');
  });

  it('answers with a 500 JSON error when the handler fails before streaming anything', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await rawRequest(baseUrl, { path: '/api/stream/1?fail=before' });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(logged).toHaveBeenCalled();
  });

  it('cuts the connection when the handler fails mid-stream, so the client knows the body is incomplete', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await open('/api/broken-stream');
    expect(res.statusCode).toBe(200);
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const data of res) received.push(String(data));
      })(),
    ).rejects.toThrow();
    expect(received.join('')).toBe('partial');
  });

  it('writes the runtime wire format (JSON prelude, eight NUL bytes) to a stream the gateway did not create', () => {
    const sink = new PassThrough();
    const stream = awslambda.HttpResponseStream.from(sink, { statusCode: 202, headers: { a: 'b' } });
    stream.end('body');
    const bytes = sink.read() as Buffer;
    const prelude = JSON.stringify({ statusCode: 202, headers: { a: 'b' } });
    expect(bytes.subarray(0, prelude.length).toString()).toBe(prelude);
    expect([...bytes.subarray(prelude.length, prelude.length + 8)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(bytes.subarray(prelude.length + 8).toString()).toBe('body');
  });
});
