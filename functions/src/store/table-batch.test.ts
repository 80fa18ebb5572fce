import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, useApi } from '../routes/api-test-kit.ts';
import { BATCH_BACKOFF, backoffClock, UnprocessedItemsError } from './batch-retry.ts';
import { table } from './table.ts';

/**
 * dynalite processes every item of a batch; DynamoDB may leave some unprocessed when it throttles.
 * This proxy in front of dynalite makes each batch call process at most `processed` of its items
 * (the rest answered as unprocessed, as DynamoDB answers them) and passes every other call through.
 */
async function unprocessingProxy(target: string) {
  const state = { processed: Infinity, batchCalls: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const operation = String(req.headers['x-amz-target']).split('.')[1];
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { RequestItems?: Record<string, unknown> };
      const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': String(req.headers['x-amz-target']), authorization: String(req.headers.authorization), 'x-amz-date': String(req.headers['x-amz-date']) };
      const send = async (payload: unknown) => (await fetch(target, { method: 'POST', headers, body: JSON.stringify(payload) })).json() as Promise<Record<string, unknown>>;
      const answer = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(payload));
      if (operation !== 'BatchWriteItem' && operation !== 'BatchGetItem') return answer(...(await passThrough(target, headers, body)));
      state.batchCalls++;
      const [tableName, requests] = Object.entries(body.RequestItems!)[0]!;
      if (operation === 'BatchWriteItem') {
        const all = requests as unknown[];
        const now = all.slice(0, state.processed);
        if (now.length) await send({ RequestItems: { [tableName]: now } });
        return answer(200, { UnprocessedItems: all.length > now.length ? { [tableName]: all.slice(now.length) } : {} });
      }
      const keys = (requests as { Keys: unknown[] }).Keys;
      const now = keys.slice(0, state.processed);
      const found = now.length ? ((await send({ RequestItems: { [tableName]: { Keys: now } } })).Responses as Record<string, unknown[]>) : { [tableName]: [] };
      answer(200, { Responses: found, UnprocessedKeys: keys.length > now.length ? { [tableName]: { Keys: keys.slice(now.length) } } : {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function passThrough(target: string, headers: Record<string, string>, body: unknown): Promise<[number, unknown]> {
  const response = await fetch(target, { method: 'POST', headers, body: JSON.stringify(body) });
  return [response.status, await response.json()];
}

const api = useApi();
let proxy: Awaited<ReturnType<typeof unprocessingProxy>>;
let endpoint: string;
const waits: number[] = [];
const clock = { ...backoffClock };

beforeAll(async () => {
  endpoint = process.env.MELD_DYNAMODB_ENDPOINT!;
  proxy = await unprocessingProxy(endpoint);
  process.env.MELD_DYNAMODB_ENDPOINT = proxy.url;
  // Waits are recorded, not slept: the suite asserts their growth, not the time they take.
  backoffClock.sleep = async (ms) => void waits.push(ms);
});
afterEach(() => {
  proxy.state.processed = Infinity;
  proxy.state.batchCalls = 0;
  waits.length = 0;
});
afterAll(async () => {
  Object.assign(backoffClock, clock);
  process.env.MELD_DYNAMODB_ENDPOINT = endpoint;
  await proxy.close();
});

const items = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ pk: `BATCH#${prefix}`, sk: `S${String(i).padStart(2, '0')}`, n: i }));

describe('batch calls when DynamoDB leaves items unprocessed', () => {
  it('writes every item of a partly processed batch write, sending again only what was left', async () => {
    proxy.state.processed = 4;
    await table.batchWrite(items('write', 30));

    const stored = await table.query<{ n: number }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'BATCH#write' }, ConsistentRead: true });
    expect(stored.items.map((item) => item.n)).toEqual(items('write', 30).map((item) => item.n));
    // 25 items at 4 a call, then 5.
    expect(proxy.state.batchCalls).toBe(7 + 2);
    expect(waits).toHaveLength(6 + 1);
  });

  it('returns every item of a partly processed batch get', async () => {
    await table.batchWrite(items('get', 30));
    proxy.state.batchCalls = 0;
    proxy.state.processed = 7;
    const found = await table.batchGet<{ n: number }>(items('get', 30).map(({ pk, sk }) => ({ pk, sk })));
    expect(found.map((item) => item.n).sort((a, b) => a - b)).toEqual(items('get', 30).map((item) => item.n));
    // 30 keys at 7 a call.
    expect(proxy.state.batchCalls).toBe(5);
  });

  it('fails with an error naming the unprocessed items once the attempts run out, after waits that grow', async () => {
    proxy.state.processed = 0;
    const failure = await table.batchWrite(items('never', 3)).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UnprocessedItemsError);
    expect((failure as Error).message).toBe(`BatchWriteItem left 3 of 3 items unprocessed after ${BATCH_BACKOFF.maxAttempts} attempts (DynamoDB kept throttling them)`);
    expect(proxy.state.batchCalls).toBe(BATCH_BACKOFF.maxAttempts);
    expect(waits).toHaveLength(BATCH_BACKOFF.maxAttempts - 1);
    for (const [retry, wait] of waits.entries()) expect(wait).toBeLessThan(Math.min(BATCH_BACKOFF.capMs, BATCH_BACKOFF.baseMs * 2 ** (retry + 1)));
  });

  it('answers the request with a 503 to try again, not a 500, when a batch cannot finish', async () => {
    const { token } = await registerMember(api().client());
    const auth = { authorization: `Bearer ${token}` };
    for (const title of ['One', 'Two']) expect((await api().client().request('POST', '/api/presets', { headers: auth, json: { title, endpoint: 'demo' } })).status).toBe(200);

    proxy.state.processed = 0;
    const response = await api().client().request('POST', '/api/presets/delete', { headers: auth, json: {} });

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.json).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('try again in a moment') });
    expect(proxy.state.batchCalls).toBe(BATCH_BACKOFF.maxAttempts);
  });
});
