import { readFileSync } from 'node:fs';
import { IMPORT_LIMITS, NO_PARENT, routes, type Conversation, type Message } from '@meld/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../domain/import/__fixtures__/import-fixture.ts';
import { createLambdaContext } from '../../local/lambda-event.ts';
import { indexesSettled, inOneRateWindow, registerMember, useApi, type ApiClient } from '../api-test-kit.ts';

const api = useApi({ config: { rateLimits: { import: { max: 3, windowMinutes: 60 } } } });

const BOUNDARY = '----MeldTestBoundary4f9c2a';

/** A browser-shaped multipart body with one file part (and optionally other fields). */
function multipart(file: { field?: string; filename: string; data: Buffer | string } | null, extra: Record<string, string> = {}): Buffer {
  const parts: Buffer[] = Object.entries(extra).map(([name, value]) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/json\r\n\r\n`),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function signedIn() {
  const client = api().client();
  const { token } = await registerMember(client);
  const headers = { authorization: `Bearer ${token}` };
  return { client, token, headers };
}

function upload(client: ApiClient, token: string, body: Buffer) {
  return client.request<{ message: string; imported: number; failed: number; code?: string }>('POST', '/api/convos/import', {
    body,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

/** The list once its index has caught up with the import (within a second in AWS). */
async function listTitles(client: ApiClient, headers: Record<string, string>): Promise<Conversation[]> {
  await indexesSettled();
  const response = await client.request<{ conversations: Conversation[] }>('GET', '/api/convos?limit=100', { headers });
  expect(response.status).toBe(200);
  return response.json.conversations;
}

describe('POST /api/convos/import', () => {
  it('imports a ChatGPT export into the caller’s list, branches and all', async () => {
    const { client, token, headers } = await signedIn();
    const response = await upload(client, token, multipart({ filename: 'conversations.json', data: fixture('chatgpt-conversations.json') }));
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ message: 'Imported 2 conversations', imported: 2, failed: 0 });

    const conversations = await listTitles(client, headers);
    expect(conversations.map((conversation) => conversation.title).sort()).toEqual(['Sorting numbers', 'Weekend in Lisbon']);
    const lisbon = conversations.find((conversation) => conversation.title === 'Weekend in Lisbon')!;
    const messages = await client.request<Message[]>('GET', `/api/messages/${lisbon.conversationId}`, { headers });
    expect(messages.status).toBe(200);
    const byId = new Map(messages.json.map((message) => [message.messageId, message]));
    expect(messages.json.map((message) => [message.text.slice(0, 22), byId.get(message.parentMessageId)?.text.slice(0, 22) ?? null])).toEqual([
      ['Plan a weekend in Lisb', null],
      ['Day 1: Alfama and the ', 'Plan a weekend in Lisb'],
      ['Make it cheaper.', 'Day 1: Alfama and the '],
      ['Budget version: walk e', 'Make it cheaper.'],
      ['Make it more relaxed.', 'Day 1: Alfama and the '],
      ['Relaxed version: one n', 'Make it more relaxed.'],
    ]);
    expect(messages.json[0]!.parentMessageId).toBe(NO_PARENT);
  });

  it('imports into the caller’s account only', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await upload(owner.client, owner.token, multipart({ filename: 'export.json', data: fixture('librechat-flat-export.json') }));
    const [imported] = await listTitles(owner.client, owner.headers);
    expect(imported?.title).toBe('Explain closures');
    expect(await listTitles(other.client, other.headers)).toEqual([]);
    const peek = await other.client.request('GET', `/api/convos/${imported!.conversationId}`, { headers: other.headers });
    expect(peek.status).toBe(404);
  });

  it('makes new conversations each time, never overwriting one it imported before', async () => {
    const { client, token, headers } = await signedIn();
    const body = multipart({ filename: 'export.json', data: fixture('librechat-flat-export.json') });
    expect((await upload(client, token, body)).status).toBe(201);
    expect((await upload(client, token, body)).status).toBe(201);
    const conversations = await listTitles(client, headers);
    expect(conversations.map((conversation) => conversation.title)).toEqual(['Explain closures', 'Explain closures']);
    expect(new Set(conversations.map((conversation) => conversation.conversationId)).size).toBe(2);
  });

  it('lands the readable conversations and counts the others as failed', async () => {
    const { client, token, headers } = await signedIn();
    const file = JSON.parse(fixture('claude-conversations.json').toString('utf8')) as { chat_messages: unknown }[];
    file[1]!.chat_messages = 'not a list';
    const response = await upload(client, token, multipart({ filename: 'conversations.json', data: JSON.stringify(file) }));
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ message: 'Imported 1 conversation; 1 could not be read', imported: 1, failed: 1 });
    expect((await listTitles(client, headers)).map((conversation) => conversation.title)).toEqual(['Haiku about autumn']);
  });

  it('answers 400 with a clear message for anything but a multipart form with a file', async () => {
    const { client, token } = await signedIn();
    const json = await client.request<{ message: string }>('POST', '/api/convos/import', { json: { file: 'x' }, headers: { authorization: `Bearer ${token}` } });
    expect([json.status, json.json.message]).toEqual([400, 'Send the upload as multipart/form-data.']);
    const noFile = await upload(client, token, multipart(null, { note: 'hello' }));
    expect([noFile.status, noFile.json.message]).toEqual([400, "Attach the file under the form field 'file'."]);
    const wrongField = await upload(client, token, multipart({ field: 'upload', filename: 'export.json', data: '{}' }));
    expect(wrongField.status).toBe(400);
  });

  it('answers 400 "Only .json files can be imported" for another extension or content that is not JSON', async () => {
    const { client, token } = await signedIn();
    const text = await upload(client, token, multipart({ filename: 'notes.txt', data: fixture('chatbot-ui-export.json') }));
    expect([text.status, text.json.message]).toEqual([400, 'Only .json files can be imported']);
    const notJson = await upload(client, token, multipart({ filename: 'export.json', data: 'title,messages\nhi,1' }));
    expect([notJson.status, notJson.json.message]).toEqual([400, 'Only .json files can be imported']);
  });

  it('answers 400 "Unsupported import type" for JSON of an unknown shape', async () => {
    const { client, token, headers } = await signedIn();
    const response = await upload(client, token, multipart({ filename: 'settings.json', data: JSON.stringify({ theme: 'dark' }) }));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unsupported import type' });
    expect(await listTitles(client, headers)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await api().client().request('POST', '/api/convos/import', {
      body: multipart({ filename: 'export.json', data: '{}' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(response.status).toBe(401);
  });

  it('answers 413 naming the messages-per-conversation limit for one root with 60,000 branches, and saves nothing', async () => {
    const { client, token, headers } = await signedIn();
    const root = { messageId: 'r', parentMessageId: NO_PARENT, text: 'root', isCreatedByUser: true };
    const branches = Array.from({ length: 60_000 }, (_, i) => ({ messageId: `b${i}`, parentMessageId: 'r', text: 'x' }));
    const data = JSON.stringify({ conversationId: 'c', title: 'Many branches', messages: [root, ...branches] });
    expect(data.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const response = await upload(client, token, multipart({ filename: 'export.json', data }));
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The conversation “Many branches” has 60,001 messages; an import takes at most 10,000 messages per conversation.',
    });
    expect(await listTitles(client, headers)).toEqual([]);
  });

  it('answers 413 for a file over 4 MB', async () => {
    // The local gateway, like Lambda, refuses requests that would not fit an invocation before any
    // handler runs, so the handler's own limit is checked by invoking it directly with a sample event.
    const { token } = await signedIn();
    const sample = JSON.parse(readFileSync(new URL('../../../../events/convos/import-convos.json', import.meta.url), 'utf8')) as APIGatewayProxyEventV2;
    const big = multipart({ filename: 'conversations.json', data: Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x20) });
    const event: APIGatewayProxyEventV2 = {
      ...sample,
      headers: { ...sample.headers, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(big.length) },
      body: big.toString('base64'),
      isBase64Encoded: true,
    };
    // Imported here, after the stack has set the environment (log level included).
    const { handler } = await import('./import-convos.ts');
    const result = (await handler(event, createLambdaContext(routes.importConvos) as Context)) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Files must be at most 4 MB.' });
  });

  it('limits imports per user', async () => {
    inOneRateWindow(60);
    const { client, token } = await signedIn();
    const body = multipart({ filename: 'export.json', data: fixture('chatbot-ui-export.json') });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await upload(client, token, body)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another user has their own allowance.
    const other = await signedIn();
    expect((await upload(other.client, other.token, body)).status).toBe(201);
  });
});
