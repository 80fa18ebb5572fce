import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, mockApi, raw } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { resetApiClientForTests } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getAccessToken, setSession } from './auth-session.ts';
import { createSseParser, sha256Hex, streamRequest } from './stream-client.ts';

/** A response whose body arrives in exactly these chunks. */
function sse(chunks: string[], status = 200) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return raw(new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } }));
}

const body = { text: 'Hello', model: 'meld-demo', conversationId: null, parentMessageId: '00000000-0000-0000-0000-000000000000', isRegenerate: false };

afterEach(() => resetApiClientForTests());

describe('createSseParser', () => {
  it('joins events split across chunk boundaries, even mid-line and mid-separator', () => {
    const parse = createSseParser();
    expect(parse('data: {"a"')).toEqual([]);
    expect(parse(':1}\n')).toEqual([]);
    expect(parse('\ndata: {"b":2}\n\ndata: {"c"')).toEqual(['{"a":1}', '{"b":2}']);
    expect(parse(':3}\r\n\r\n')).toEqual(['{"c":3}']);
  });

  it('ignores comments and other fields, and joins multi-line data', () => {
    const parse = createSseParser();
    expect(parse(': keep-alive\n\nevent: x\ndata: one\ndata: two\n\n')).toEqual(['one\ntwo']);
  });
});

describe('streamRequest', () => {
  it('sends the token in X-Meld-Authorization and the body hash in x-amz-content-sha256', async () => {
    setSession('tok', testUser, { broadcast: false });
    const spy = mockApi({ askDemo: () => sse(['data: {"type":"title"}\n\n']) });
    await streamRequest('askDemo', { body, onEvent: () => {} });
    const [init] = callsTo(spy, 'askDemo');
    const headers = init!.headers as Record<string, string>;
    expect(headers['X-Meld-Authorization']).toBe('Bearer tok');
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers['x-amz-content-sha256']).toBe(await sha256Hex(String(init!.body)));
    expect(headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(String(init!.body))).toEqual(body);
  });

  it('hashes like SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('delivers each event as its chunk arrives, in order', async () => {
    setSession('tok', testUser, { broadcast: false });
    mockApi({ askDemo: () => sse(['data: {"type":"delta","text":"Hel', 'lo"}\n\ndata: {"type":"delta","text":" there"}\n', '\n']) });
    const events: unknown[] = [];
    await streamRequest('askDemo', { body, onEvent: (event) => events.push(event) });
    expect(events).toEqual([
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' there' },
    ]);
  });

  it('refreshes the session once on a 401 and retries with the new token', async () => {
    setSession('old', testUser, { broadcast: false });
    let asks = 0;
    const spy = mockApi({
      askDemo: () => (++asks === 1 ? fail(401, { code: 'UNAUTHORIZED', message: 'expired' }) : sse(['data: {"type":"title"}\n\n'])),
      refresh: { token: 'new', user: testUser },
    });
    const events: unknown[] = [];
    await streamRequest('askDemo', { body, onEvent: (event) => events.push(event) });
    const calls = callsTo(spy, 'askDemo');
    expect(calls).toHaveLength(2);
    expect((calls[1]!.headers as Record<string, string>)['X-Meld-Authorization']).toBe('Bearer new');
    expect(getAccessToken()).toBe('new');
    expect(events).toEqual([{ type: 'title' }]);
  });

  it('rejects with the server error when the request is refused', async () => {
    setSession('tok', testUser, { broadcast: false });
    mockApi({ askDemo: fail(400, { code: 'VALIDATION_ERROR', message: 'Choose a model', field: 'model' }) });
    const failure = streamRequest('askDemo', { body, onEvent: vi.fn() });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400 });
  });
});
