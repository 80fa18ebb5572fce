import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registerMember, useApi } from '../routes/api-test-kit.ts';
import { bucketObjects, StorageUnavailableError } from '../store/blobs.ts';
import { isServiceUnavailable } from './service-unavailable.ts';

const api = useApi();

/** A stand-in for an AWS endpoint that answers every request with one status and body. */
async function failingEndpoint(status: number, body: string, contentType: string): Promise<{ url: string; calls: () => number; server: Server }> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': contentType }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, server };
}

const restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

function pointAt(variable: 'MELD_DYNAMODB_ENDPOINT' | 'MELD_S3_ENDPOINT', endpoint: { url: string; server: Server }): void {
  const previous = process.env[variable];
  process.env[variable] = endpoint.url;
  restore.push(() => {
    if (previous === undefined) delete process.env[variable];
    else process.env[variable] = previous;
    endpoint.server.close();
  });
}

describe('throttled or unavailable storage', () => {
  it('answers a clear 503 with Retry-After once DynamoDB throttling outlasts the retries, not a 500', async () => {
    const { token } = await registerMember(api().client());
    const throttling = await failingEndpoint(400, JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'Rate exceeded' }), 'application/x-amz-json-1.0');
    pointAt('MELD_DYNAMODB_ENDPOINT', throttling);

    const response = await api().client().request('GET', '/api/convos', { headers: { authorization: `Bearer ${token}` } });

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.json).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('try again in a moment') });
    // The SDK tried again before giving up.
    expect(throttling.calls()).toBeGreaterThan(1);
  });

  it('gives up on a failing S3 after a few quick retries with an error the API maps to 503', async () => {
    const slowDown = await failingEndpoint(503, '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>', 'application/xml');
    pointAt('MELD_S3_ENDPOINT', slowDown);

    const started = Date.now();
    const failure = await bucketObjects('files').putText('bodies/test.json', '{}').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect(isServiceUnavailable(failure)).toBe(true);
    expect(slowDown.calls()).toBe(4);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('leaves other failures alone: a refused S3 request or a plain bug is not a 503', () => {
    expect(isServiceUnavailable(new Error('S3 PUT x failed with 403: AccessDenied'))).toBe(false);
    expect(isServiceUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } }))).toBe(false);
  });
});
