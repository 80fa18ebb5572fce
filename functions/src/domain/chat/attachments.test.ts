import { askBody, NO_PARENT, type AskBody, type Conversation, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { AttachableFile } from './attachments.ts';
import { startTurn, type StartTurnDeps } from './start-turn.ts';

const at = '2026-01-01T00:00:00.000Z';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function file(file_id: string, filename: string, type: string, extra: Partial<AttachableFile> = {}): AttachableFile {
  return { file_id, filename, type, user: 'u', source: 's3', context: 'message_attachment', bytes: 8, filepath: `/api/files/download/u/${file_id}`, temporary: true, createdAt: at, updatedAt: at, objectKey: `files/u/${file_id}/${filename}`, ...extra };
}

const photo = file('img', 'cat.png', 'image/png', { width: 1024, height: 1024 });
const notes = file('txt', 'notes.md', 'text/markdown');
const archive = file('zip', 'bundle.zip', 'application/zip');

function harness(stored: AttachableFile[], bytes: Record<string, string | Uint8Array>, messages: Message[] = []) {
  const written: Message[] = [];
  const cached: Record<string, string> = {};
  const attached: string[] = [];
  let ids = 0;
  const conversation: Conversation = { conversationId: 'c1', title: 'Cats', user: 'u', isArchived: false, tags: [], createdAt: at, updatedAt: at };
  const deps: StartTurnDeps = {
    getConversation: async (_user, id) => (id === 'c1' ? conversation : undefined),
    putConversation: async () => undefined,
    getAllMessages: async () => messages,
    putMessage: async (_user, message) => void written.push(message),
    newId: () => `id-${++ids}`,
    files: {
      getFiles: async (_user, wanted) => stored.filter((entry) => wanted.includes(entry.file_id)).map((entry) => ({ ...entry, ...(cached[entry.file_id] ? { extractedText: cached[entry.file_id] } : {}) })),
      readBytes: async (entry) => {
        const value = bytes[entry.file_id] ?? '';
        return typeof value === 'string' ? new TextEncoder().encode(value) : value;
      },
      cacheText: async (_user, id, text) => void (cached[id] = text),
      markAttached: async (_user, list) => void attached.push(...list),
    },
  };
  return { deps, written, cached, attached };
}

const ask = (body: Partial<AskBody>, vision = true, model = 'gpt-4o') => ({ userId: 'u', endpoint: 'openAI', endpointType: null, now: new Date(at), vision, body: askBody.parse({ text: 'Look at this', model, conversationId: null, ...body }) });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('attachments in a turn', () => {
  it("sends an image with the conversation's detail and its token cost, saves the file on the message and marks it attached", async () => {
    const { deps, written, attached } = harness([photo], { img: PNG });
    const turn = await startTurn(ask({ files: [{ file_id: 'img' }], imageDetail: 'low' }), deps);
    expect(turn.history.at(-1)).toEqual({ role: 'user', content: 'Look at this', images: [{ mimeType: 'image/png', base64: Buffer.from(PNG).toString('base64'), detail: 'low', tokens: 85 }] });
    expect(written[0]?.files).toEqual([{ file_id: 'img', filename: 'cat.png', filepath: '/api/files/download/u/img', type: 'image/png', bytes: 8, width: 1024, height: 1024 }]);
    expect(attached).toEqual(['img']);
  });

  it('adds a text file to the message as a block naming it, and keeps the extracted text for the next send', async () => {
    const { deps, cached } = harness([notes], { txt: '# Plan\nShip on Friday.' });
    const turn = await startTurn(ask({ files: [{ file_id: 'txt' }] }), deps);
    expect(turn.history.at(-1)?.content).toBe('Look at this\n\n--- Attached file: notes.md ---\n# Plan\nShip on Friday.\n--- End of notes.md ---');
    expect(cached).toEqual({ txt: '# Plan\nShip on Friday.' });
  });

  it("cuts a document to the model's context and says so", async () => {
    const { deps } = harness([notes], { txt: 'word '.repeat(20_000) });
    const turn = await startTurn(ask({ files: [{ file_id: 'txt' }], maxContextTokens: 2_000 }), deps);
    const content = turn.history.at(-1)?.content ?? '';
    expect(content).toContain("[The rest of notes.md was cut: it does not fit in the model's context.]");
    expect(content.length).toBeLessThan(2_000 * 4);
  });

  it('refuses a file id the user has no file for (another user\'s), writing nothing', async () => {
    const { deps, written } = harness([], {});
    const error = await refusal(startTurn(ask({ files: [{ file_id: 'someone-elses' }] }), deps));
    expect(error).toMatchObject({ kind: 'not-found', field: 'files' });
    expect(error.message).toContain('someone-elses');
    expect(written).toEqual([]);
  });

  it('refuses an image for a model that cannot see, and a file kind no model reads, writing nothing', async () => {
    const { deps, written } = harness([photo, archive], { img: PNG });
    expect(await refusal(startTurn(ask({ files: [{ file_id: 'img' }] }, false, 'gpt-3.5-turbo'), deps))).toMatchObject({ kind: 'invalid', message: expect.stringContaining('cannot see images') });
    expect(await refusal(startTurn(ask({ files: [{ file_id: 'zip' }] }), deps))).toMatchObject({ kind: 'invalid', message: expect.stringContaining('bundle.zip') });
    expect(written).toEqual([]);
  });

  it('sends the files again when the reply to a message with files is regenerated', async () => {
    const first: Message = { messageId: 'm1', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'Look at this', sender: 'User', isCreatedByUser: true, files: [{ file_id: 'img' }], createdAt: at, updatedAt: at };
    const { deps, written } = harness([photo], { img: PNG }, [first]);
    const turn = await startTurn(ask({ conversationId: 'c1', parentMessageId: 'm1', isRegenerate: true }), deps);
    expect(turn.history.at(-1)?.images).toHaveLength(1);
    expect(written).toEqual([]);
  });

  it("sends an earlier message's files again, from the cached text, unless resendFiles is off", async () => {
    const first: Message = { messageId: 'm1', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'Read this', sender: 'User', isCreatedByUser: true, files: [{ file_id: 'txt' }], createdAt: at, updatedAt: at };
    const reply: Message = { messageId: 'm2', conversationId: 'c1', parentMessageId: 'm1', text: 'Done.', sender: 'openAI', isCreatedByUser: false, createdAt: at, updatedAt: at };
    const { deps, cached } = harness([notes], {}, [first, reply]);
    cached.txt = 'Cached plan';
    const next = { conversationId: 'c1', parentMessageId: 'm2', text: 'And now?' };
    const turn = await startTurn(ask(next), deps);
    expect(turn.history.find((entry) => entry.content.startsWith('Read this'))?.content).toContain('Cached plan');
    const without = await startTurn(ask({ ...next, resendFiles: false }), deps);
    expect(without.history.find((entry) => entry.content.startsWith('Read this'))?.content).toBe('Read this');
  });
});
