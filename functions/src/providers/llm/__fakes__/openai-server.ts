import busboy from 'busboy';
import { startSseServer, type FakeReply, type FakeServer, type RecordedRequest } from './sse-server.ts';
import { toolResultCount, toolScript, type ScriptedCall } from './tool-script.ts';

/** A recording as `POST /v1/audio/transcriptions` received it. */
export interface FakeUpload {
  model: string;
  /** The `language` field (ISO-639-1), when the caller sent one. */
  language?: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface FakeOpenAIOptions {
  tokens?: string[];
  /** Tokens chosen per request from its JSON body, for a fake that answers different prompts differently. */
  reply?: (body: unknown) => string[];
  /** Sent before the tokens as `reasoning_content` deltas, as DeepSeek-style servers do. */
  reasoning?: string[];
  intervalMs?: number;
  finishReason?: 'stop' | 'length' | 'content_filter';
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** After this many tokens, send an error chunk instead of the rest. */
  failAfter?: number;
  /** After this many tokens, drop the connection. */
  dropAfter?: number;
  /** Answer every request with this status and an OpenAI-style error body. */
  status?: 401 | 429 | 500;
  /** The text `POST /v1/audio/transcriptions` answers, fixed or made from the upload. */
  transcript?: string | ((upload: FakeUpload) => string);
  /**
   * Answer transcriptions with this status and an OpenAI-style error body. Read on every request,
   * so a test may clear it to let a retry through.
   */
  transcriptionStatus?: 400 | 401 | 429 | 500;
  /** Answer `POST /v1/audio/speech` with this status and an OpenAI-style error body; read on every request. */
  speechStatus?: 400 | 401 | 429 | 500;
}

/**
 * What the fake `/v1/audio/speech` answers: an MP3's ID3 tag and frame sync, then the voice and
 * the text it was asked to speak, so a test can tell which audio it received.
 */
export function fakeSpeech(voice: string, input: string): Buffer {
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]), Buffer.from(`${voice}:${input}`)]);
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'fake-model',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

const ERROR_MESSAGES = { 400: 'Invalid file format.', 401: 'Incorrect API key provided', 429: 'Rate limit reached for requests', 500: 'The server had an error' } as const;
const errorReply = (status: keyof typeof ERROR_MESSAGES): FakeReply => ({ status, json: { error: { message: ERROR_MESSAGES[status], type: 'error', code: null } } });

/** The uploaded file and the model named beside it, or null for a body that is no such form. */
function readUpload(request: RecordedRequest): Promise<FakeUpload | null> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body)) return Promise.resolve(null);
  const body = request.body;
  return new Promise((resolve) => {
    const upload: FakeUpload = { model: '', filename: '', mimeType: '', bytes: Buffer.alloc(0) };
    const chunks: Buffer[] = [];
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('file', (_field, stream, info) => {
      Object.assign(upload, { filename: info.filename, mimeType: info.mimeType });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    });
    parser.on('field', (name, value) => {
      if (name === 'model') upload.model = value;
      if (name === 'language') upload.language = value;
    });
    parser.on('error', () => resolve(null));
    parser.on('close', () => resolve(chunks.length ? { ...upload, bytes: Buffer.concat(chunks) } : null));
    parser.end(body);
  });
}

async function transcription(request: RecordedRequest, options: FakeOpenAIOptions): Promise<FakeReply> {
  if (options.transcriptionStatus) return errorReply(options.transcriptionStatus);
  const upload = await readUpload(request);
  if (!upload || !upload.model) return { status: 400, json: { error: { message: 'A file and a model are required.', type: 'invalid_request_error', code: null } } };
  const text = typeof options.transcript === 'function' ? options.transcript(upload) : (options.transcript ?? 'This is what I said into the microphone.');
  return { status: 200, json: { text } };
}

function speech(request: RecordedRequest, options: FakeOpenAIOptions): FakeReply {
  if (options.speechStatus) return errorReply(options.speechStatus);
  const body = request.body as { model?: unknown; input?: unknown; voice?: unknown } | undefined;
  if (typeof body?.input !== 'string' || typeof body.voice !== 'string' || typeof body.model !== 'string') {
    return { status: 400, json: { error: { message: 'model, input and voice are required.', type: 'invalid_request_error', code: null } } };
  }
  return { status: 200, bytes: fakeSpeech(body.voice, body.input), headers: { 'content-type': 'audio/mpeg' } };
}

/** A streamed reply that calls tools: each call's id and name first, then its arguments in two pieces. */
function toolCallFrames(calls: ScriptedCall[], firstId: number, options: FakeOpenAIOptions): FakeReply {
  const frames: Array<{ data: unknown }> = [{ data: chunk({ role: 'assistant', content: null }) }];
  for (const [index, call] of calls.entries()) {
    const half = Math.ceil(call.args.length / 2);
    frames.push({ data: chunk({ tool_calls: [{ index, id: `call_${firstId + index}`, type: 'function', function: { name: call.name, arguments: call.args.slice(0, half) } }] }) });
    frames.push({ data: chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(half) } }] }) });
  }
  frames.push({ data: chunk({}, 'tool_calls') });
  frames.push({ data: { ...chunk({}), choices: [], usage: { prompt_tokens: 12, completion_tokens: 5 * calls.length, total_tokens: 12 + 5 * calls.length } } });
  frames.push({ data: '[DONE]' });
  return { frames, intervalMs: options.intervalMs };
}

/**
 * A local OpenAI-compatible server answering `POST /v1/chat/completions` with streamed chunks,
 * `POST /v1/audio/transcriptions` with a transcript and `POST /v1/audio/speech` with MP3 bytes.
 * A request that offers tools follows the tool script (tool-script.ts): `[[tool:NAME {args}]]` in
 * the user's text makes it call that tool, and a tool result makes it answer "The tool said: …".
 */
export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeServer> {
  return startSseServer((request): FakeReply | Promise<FakeReply> => {
    if (request.method === 'POST' && request.path.includes('/audio/transcriptions')) return transcription(request, options);
    if (request.method === 'POST' && request.path.includes('/audio/speech')) return speech(request, options);
    if (request.method !== 'POST' || !request.path.includes('/chat/completions')) return { status: 404, json: { error: { message: 'Not found' } } };
    if (options.status) return errorReply(options.status);
    const script = toolScript(request.body);
    if (script?.kind === 'calls') return toolCallFrames(script.calls, toolResultCount(request.body), options);
    const tokens = script?.tokens ?? options.reply?.(request.body) ?? options.tokens ?? ['Hello', ' there', ',', ' friend', '!'];
    const frames: Array<{ data: unknown }> = [{ data: chunk({ role: 'assistant', content: '' }) }];
    for (const text of options.reasoning ?? []) frames.push({ data: chunk({ reasoning_content: text }) });
    for (const [index, text] of tokens.entries()) {
      if (index === options.failAfter) {
        frames.push({ data: { error: { message: 'The upstream model crashed', type: 'server_error' } } });
        break;
      }
      frames.push({ data: chunk({ content: text }) });
    }
    frames.push({ data: chunk({}, options.finishReason ?? 'stop') });
    const usage = options.usage ?? { prompt_tokens: 12, completion_tokens: tokens.length };
    frames.push({ data: { ...chunk({}), choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } });
    frames.push({ data: '[DONE]' });
    const dropAfter = options.dropAfter === undefined ? undefined : 1 + (options.reasoning?.length ?? 0) + options.dropAfter;
    return { frames, intervalMs: options.intervalMs, dropAfter };
  });
}
