import type { Conversation, FileRecord } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { registerMember, startApi, type Api } from '../api-test-kit.ts';
import { multipart, PDF, png, type Part } from '../files/file-test-kit.ts';
import { askStream } from './ask-stream-client.ts';

/*
 * What the composer warns of before a send (issue 25, section 2), the server refuses too, before
 * anything is saved: the browser's warnings are read from what the server itself tells it.
 */

let api: Api;
let provider: FakeServer;

beforeAll(async () => {
  provider = await startFakeOpenAI({ tokens: ['Seen'] });
  api = await startApi({
    config: {
      endpoints: { demo: { enabled: true }, custom: [{ name: 'Local', apiKey: 'local-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o', 'llama3'], titleModel: 'llama3' }] },
      // The demo takes PDFs; Local takes images only, at most one per message.
      files: { endpoints: { Local: { supportedMimeTypes: ['image/png'], fileLimit: 1 } } },
    },
  });
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await provider?.close();
});

async function member() {
  const { token } = await registerMember(api.client());
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    call: <T>(method: string, path: string) => api.client().request<T>(method, path, { headers }),
    upload: async (parts: Part[], fields: Record<string, string>, path = '/api/files') => {
      const form = await multipart(parts, fields);
      return (await api.client().request<{ files: FileRecord[] }>('POST', path, { body: form.body, headers: { ...form.headers, ...headers } })).json.files;
    },
  };
}

describe('what a send is refused for', () => {
  it('lists, with each endpoint, the models that read images', async () => {
    const me = await member();
    const endpoints = (await me.call<Record<string, { visionModels?: string[] }>>('GET', '/api/endpoints')).json;
    expect(endpoints.Local?.visionModels).toEqual(['gpt-4o']);
    expect(endpoints.demo?.visionModels).toEqual(['meld-demo']);
  });

  it("refuses, with 400 and before generating or saving, a file uploaded under another endpoint's rules that this endpoint does not take", async () => {
    const me = await member();
    const [pdf] = await me.upload([{ name: 'report.pdf', type: 'application/pdf', data: PDF }], { endpoint: 'demo' });
    const before = provider.requests.length;
    const response = await askStream(api.baseUrl, '/api/ask/custom', me.token, { text: 'Read it', conversationId: null, endpointName: 'Local', model: 'gpt-4o', files: [{ file_id: pdf!.file_id }] });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'file_upload_limit', message: expect.stringMatching(/report\.pdf .*not a file type this endpoint takes/) });
    expect(provider.requests.length).toBe(before);
    expect((await me.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });

  it("refuses more files than this endpoint takes in one message, though each was accepted on upload", async () => {
    const me = await member();
    const images = [...(await me.upload([{ name: 'a.png', type: 'image/png', data: png() }], { endpoint: 'demo' }, '/api/files/images')), ...(await me.upload([{ name: 'b.png', type: 'image/png', data: png(4, 4, 9) }], { endpoint: 'demo' }, '/api/files/images'))];
    const response = await askStream(api.baseUrl, '/api/ask/custom', me.token, { text: 'Compare', conversationId: null, endpointName: 'Local', model: 'gpt-4o', files: images.map(({ file_id }) => ({ file_id })) });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'file_upload_limit', message: expect.stringMatching(/at most 1 file/) });

    const [one] = images;
    const accepted = await askStream(api.baseUrl, '/api/ask/custom', me.token, { text: 'Look', conversationId: null, endpointName: 'Local', model: 'gpt-4o', files: [{ file_id: one!.file_id }] });
    expect(accepted.status).toBe(200);
  });
});
