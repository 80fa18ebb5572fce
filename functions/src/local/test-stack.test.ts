import { readFile } from 'node:fs/promises';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import type { RouteDef } from '@meld/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './embedded-services.ts';
import { createClient, startTestStack } from './test-stack.ts';
import type { TestStack } from './test-stack.ts';

const route = (method: 'GET' | 'POST', path: string, handler: string): RouteDef => ({ method, path, handler, auth: 'public', response: z.unknown() });

/** Stand-ins for the auth routes: each answers with the cookies it received. */
const received = (event: APIGatewayProxyEventV2, cookies: string[] = []) => ({
  statusCode: 200,
  cookies,
  body: JSON.stringify({ cookies: event.cookies ?? [], body: event.body ?? null }),
});
const handlers: Record<string, { handler: (event: APIGatewayProxyEventV2) => Promise<unknown> }> = {
  login: { handler: async (event) => received(event, ['meld_refresh=first; Path=/api/auth; HttpOnly; Secure; SameSite=Strict', 'theme=dark; Path=/']) },
  refresh: { handler: async (event) => received(event, ['meld_refresh=second; Path=/api/auth; HttpOnly; Secure; SameSite=Strict']) },
  logout: { handler: async (event) => received(event, ['meld_refresh=; Max-Age=0; Path=/api/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT']) },
  user: { handler: async (event) => received(event) },
};

let stack: TestStack;
let envBefore: string | undefined;

beforeAll(async () => {
  envBefore = process.env.MELD_TABLE_NAME;
  // The stack's own plumbing, straight to the shared servers whatever MELD_INDEX_LAG_MS says (index-lag-proxy.test.ts covers the lag).
  stack = await startTestStack({
    indexLagMs: 0,
    env: { MELD_SIGNUP_CODES: 'PILOT-1' },
    config: { appTitle: 'Under test', rateLimits: { login: { max: 3 } } },
    routes: [
      route('POST', '/api/auth/login', 'login'),
      route('POST', '/api/auth/refresh', 'refresh'),
      route('POST', '/api/auth/logout', 'logout'),
      route('GET', '/api/user', 'user'),
    ],
    loadHandler: async (r) => handlers[r.handler]!,
  });
});
afterAll(() => stack.stop());

describe('the integration test stack', () => {
  it('points the handlers at its own table, buckets, secret and config', async () => {
    expect(process.env.MELD_TABLE_NAME).toMatch(/^meld-test-[0-9a-f]{8}$/);
    expect(process.env.MELD_DYNAMODB_ENDPOINT).toBe(stack.services.dynamoEndpoint);
    expect(process.env.MELD_S3_ENDPOINT).toBe(stack.services.s3Endpoint);
    expect(process.env.MELD_JWT_SECRET).toMatch(/^[0-9a-f]{128}$/);
    expect(process.env.MELD_SIGNUP_CODES).toBe('PILOT-1');
    expect(process.env.MELD_CONFIG_FILE).toBe(stack.configFile);
    const config = JSON.parse(await readFile(stack.configFile, 'utf8')) as { appTitle: string; rateLimits: Record<string, { max: number; windowMinutes: number }> };
    expect(config.appTitle).toBe('Under test');
    expect(config.rateLimits.login).toEqual({ max: 3, windowMinutes: 5 });
    expect(config.rateLimits.refresh?.max).toBe(1000);
  });

  it('gives a client that carries cookies from login through refresh to logout', async () => {
    const client = createClient(stack.baseUrl);
    const login = await client.request<{ cookies: string[] }>('POST', '/api/auth/login', { json: { email: 'a@example.com' } });
    expect(login.status).toBe(200);
    expect(login.setCookies).toHaveLength(2);

    const refresh = await client.request<{ cookies: string[] }>('POST', '/api/auth/refresh');
    expect(refresh.json.cookies).toEqual(['meld_refresh=first', 'theme=dark']);
    const user = await client.request<{ cookies: string[] }>('GET', '/api/user');
    expect(user.json.cookies).toEqual(['theme=dark']);

    await client.request('POST', '/api/auth/logout');
    const afterLogout = await client.request<{ cookies: string[] }>('POST', '/api/auth/refresh');
    expect(afterLogout.json.cookies).toEqual(['theme=dark']);
  });

  it('lets an explicit cookie header stand in for the jar', async () => {
    const client = createClient(stack.baseUrl);
    await client.request('POST', '/api/auth/login');
    const replay = await client.request<{ cookies: string[] }>('POST', '/api/auth/refresh', { headers: { cookie: 'meld_refresh=stolen' } });
    expect(replay.json.cookies).toEqual(['meld_refresh=stolen']);
  });

  it('sends a body even with GET, which the API must survive though browsers never do it', async () => {
    const response = await createClient(stack.baseUrl).request<{ body: string }>('GET', '/api/user', { body: '{"odd":true}', headers: { 'content-type': 'application/json' } });
    expect(response.json.body).toBe('{"odd":true}');
  });

  it('puts the environment back and removes its files, table and buckets when stopped', async () => {
    const other = await startTestStack({ indexLagMs: 0 });
    const otherTable = process.env.MELD_TABLE_NAME;
    expect(otherTable).not.toBe(stack.services.tableName);
    expect([other.services.filesBucket, other.services.audioBucket]).not.toContain(stack.services.filesBucket);
    const s3 = new S3Client({ endpoint: other.services.s3Endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
    const dynamo = new DynamoDBClient({ endpoint: other.services.dynamoEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    try {
      await s3.send(new PutObjectCommand({ Bucket: other.services.filesBucket, Key: 'left/behind.txt', Body: 'x' }));
      await other.stop();
      expect(process.env.MELD_TABLE_NAME).toBe(stack.services.tableName);
      await expect(readFile(other.configFile)).rejects.toThrow();
      expect(envBefore).toBeUndefined();
      // The servers outlive the stack (the run shares them), so what it made must go with it.
      await expect(dynamo.send(new DescribeTableCommand({ TableName: other.services.tableName }))).rejects.toThrow(ResourceNotFoundException);
      for (const Bucket of [other.services.filesBucket, other.services.audioBucket]) {
        await expect(s3.send(new HeadBucketCommand({ Bucket }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      }
      await expect(dynamo.send(new DescribeTableCommand({ TableName: stack.services.tableName }))).resolves.toBeDefined();
    } finally {
      s3.destroy();
      dynamo.destroy();
    }
  });

  it('makes its table and buckets on the servers the test run shares', () => {
    const shared = inject('embeddedServers');
    expect(stack.services).toMatchObject({ dynamoEndpoint: shared.dynamoEndpoint, s3Endpoint: shared.s3Endpoint });
  });
});
