import type { AskEvent, Conversation, FileRecord, Message } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithText } from '../../providers/llm/__fakes__/documents.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { registerMember, startApi, type Api } from '../api-test-kit.ts';
import { multipart, png, type Part } from '../files/file-test-kit.ts';
import { askStream } from './ask-stream-client.ts';

/** Files attached to a chat message, as the model provider receives them (decision 0019). */

interface SentMessage {
  role: string;
  content: string | Array<{ type: string; text?: string; image_url?: { url: string; detail: string } }>;
}

let api: Api;
let provider: FakeServer;

beforeAll(async () => {
  provider = await startFakeOpenAI({ tokens: ['I', ' see', ' it'] });
  api = await startApi({
    config: { endpoints: { demo: { enabled: true }, custom: [{ name: 'Local', apiKey: 'local-key', baseURL: `${provider.url}/v1`, models: ['gpt-4o', 'llama3'], titleModel: 'llama3' }] } },
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
    call: <T>(method: string, path: string, json?: unknown) => api.client().request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }),
    upload: async (parts: Part[], fields: Record<string, string> = {}, path = '/api/files') => {
      const form = await multipart(parts, fields);
      return api.client().request<{ files: FileRecord[] }>('POST', path, { body: form.body, headers: { ...form.headers, ...headers } });
    },
  };
}

type Final = Extract<AskEvent, { type: 'final' }>;
const finalOf = (events: Array<{ event: AskEvent }>) => events.map(({ event }) => event).find((event): event is Final => event.type === 'final');

describe('attachments in the prompt', () => {
  it("sends an image as an image_url part with the conversation's detail and a PDF's text in the user's message, and keeps both on the message", async () => {
    const me = await member();
    const [image] = (await me.upload([{ name: 'chart.png', type: 'image/png', data: png(600, 400) }], { endpoint: 'Local' }, '/api/files/images')).json.files;
    const [pdf] = (await me.upload([{ name: 'report.pdf', type: 'application/pdf', data: pdfWithText('Quarterly revenue grew 12 percent') }], { endpoint: 'Local' })).json.files;
    const before = provider.requests.length;

    const response = await askStream(api.baseUrl, '/api/ask/custom', me.token, {
      text: 'What do these say?',
      conversationId: null,
      endpointName: 'Local',
      model: 'gpt-4o',
      imageDetail: 'high',
      files: [image, pdf].map((file) => ({ file_id: file!.file_id, filename: file!.filename })),
    });
    expect(response.status).toBe(200);
    const sent = (provider.requests[before]?.body as { messages: SentMessage[] }).messages;
    const parts = sent.at(-1)?.content as Exclude<SentMessage['content'], string>;
    expect(parts[0]?.type).toBe('text');
    expect(parts[0]?.text).toContain('What do these say?');
    expect(parts[0]?.text).toContain('--- Attached file: report.pdf ---\nQuarterly revenue grew 12 percent');
    expect(parts[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${png(600, 400).toString('base64')}`, detail: 'high' } });

    const final = finalOf(response.events)!;
    const messages = await me.call<Message[]>('GET', `/api/messages/${final.conversation.conversationId}`);
    const saved = messages.json.find((message) => message.isCreatedByUser);
    expect(saved?.files).toEqual([
      expect.objectContaining({ file_id: image!.file_id, filename: 'chart.png', type: 'image/png', width: 600, height: 400, filepath: image!.filepath }),
      expect.objectContaining({ file_id: pdf!.file_id, filename: 'report.pdf', type: 'application/pdf', filepath: pdf!.filepath }),
    ]);
    // Sent files are no longer temporary: a new chat's clearing leaves them.
    const files = await me.call<FileRecord[]>('GET', '/api/files');
    expect(files.json.every((file) => file.temporary === false)).toBe(true);
    const cleared = await me.call<{ deleted: string[] }>('DELETE', '/api/files/temporary', { file_ids: [image!.file_id, pdf!.file_id] });
    expect(cleared.json.deleted).toEqual([]);
  });

  it("refuses another user's file id with 404 before anything is written or generated", async () => {
    const owner = await member();
    const [theirs] = (await owner.upload([{ name: 'notes.txt', type: 'text/plain', data: Buffer.from('private notes') }])).json.files;
    const me = await member();
    const before = provider.requests.length;
    const response = await askStream(api.baseUrl, '/api/ask/custom', me.token, { text: 'Read it', conversationId: null, endpointName: 'Local', model: 'gpt-4o', files: [{ file_id: theirs!.file_id }] });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'NOT_FOUND', field: 'files' });
    expect(provider.requests.length).toBe(before);
    expect((await me.call<{ conversations: Conversation[] }>('GET', '/api/convos')).json.conversations).toEqual([]);
  });

  it('refuses an image for a model that cannot see, with 400, before generating', async () => {
    const me = await member();
    const [image] = (await me.upload([{ name: 'chart.png', type: 'image/png', data: png() }], {}, '/api/files/images')).json.files;
    const before = provider.requests.length;
    const response = await askStream(api.baseUrl, '/api/ask/custom', me.token, { text: 'Look', conversationId: null, endpointName: 'Local', model: 'llama3', files: [{ file_id: image!.file_id }] });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).message).toMatch(/cannot see images/);
    expect(provider.requests.length).toBe(before);
  });
});
