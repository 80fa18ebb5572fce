import type { Conversation, Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../domain/import/__fixtures__/import-fixture.ts';
import { indexesSettled, registerMember, useApi } from '../api-test-kit.ts';

/** Retired and not-yet-built chat kinds (docs/decisions/0005), asked as LibreChat's client would. */
const api = useApi();

async function member() {
  const { token } = await registerMember(api().client());
  const headers = { authorization: `Bearer ${token}` };
  const post = (path: string, json: unknown = { text: 'hello', model: 'gpt-4', conversationId: null }) =>
    api().client().request<{ code: string; message: string; info?: Record<string, string> }>('POST', path, { headers, json });
  return { token, headers, post };
}

describe('retired chat endpoints', () => {
  it.each([
    ['/api/ask/gptPlugins', 'gptPlugins', /plugins were retired by OpenAI in 2024.*openAI or azureOpenAI/],
    ['/api/ask/chatGPTBrowser', 'chatGPTBrowser', /ChatGPT website unofficially.*Use the openAI endpoint/],
    ['/api/assistants/v1/chat', 'assistants', /shut down on 26 August 2026.*openAI or azureOpenAI/],
    ['/api/assistants/v2/chat', 'assistants', /shut down on 26 August 2026.*openAI or azureOpenAI/],
  ])('%s answers 410 Gone as JSON, naming what to use instead', async (path, endpoint, message) => {
    const response = await (await member()).post(path);
    expect(response.status).toBe(410);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.json).toMatchObject({ code: 'endpoint_retired', info: { endpoint } });
    expect(response.json.message).toMatch(message);
  });

  it('answers whatever body the old client sends, or none', async () => {
    const { post } = await member();
    expect((await post('/api/ask/gptPlugins', { anything: ['old', { shape: true }] })).status).toBe(410);
    expect((await api().client().request('POST', '/api/ask/chatGPTBrowser', { headers: (await member()).headers })).status).toBe(410);
  });

  it('refuses an assistants version that never existed with a 400 naming it', async () => {
    const response = await (await member()).post('/api/assistants/v3/chat');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'version' });
  });

  it('asks for sign-in first, like every chat route', async () => {
    const response = await api().client().request('POST', '/api/ask/gptPlugins', { json: {} });
    expect(response.status).toBe(401);
  });

  it('never lists a retired kind among the endpoints', async () => {
    const { headers } = await member();
    const endpoints = await api().client().request<Record<string, unknown>>('GET', '/api/endpoints', { headers });
    for (const name of ['gptPlugins', 'chatGPTBrowser', 'assistants', 'azureAssistants', 'agents']) expect(endpoints.json).not.toHaveProperty(name);
  });

  it('still opens an imported conversation that was held with a retired kind', async () => {
    const { token, headers } = await member();
    const exported = fixture('librechat-flat-export.json').toString('utf8').replaceAll('"endpoint": "openAI"', '"endpoint": "gptPlugins"');
    const boundary = '----MeldRetiredKind';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.json"\r\nContent-Type: application/json\r\n\r\n${exported}\r\n--${boundary}--\r\n`,
    );
    const imported = await api().client().request('POST', '/api/convos/import', { body, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(imported.status).toBe(201);
    // The list is an index query, which in AWS has the import within a second.
    await indexesSettled();
    const list = await api().client().request<{ conversations: Conversation[] }>('GET', '/api/convos', { headers });
    const conversation = list.json.conversations[0]!;
    expect(conversation.endpoint).toBe('gptPlugins');
    const opened = await api().client().request<Conversation>('GET', `/api/convos/${conversation.conversationId}`, { headers });
    expect(opened.status).toBe(200);
    const messages = await api().client().request<Message[]>('GET', `/api/messages/${conversation.conversationId}`, { headers });
    expect(messages.status).toBe(200);
    expect(messages.json.length).toBeGreaterThan(1);
  });
});
