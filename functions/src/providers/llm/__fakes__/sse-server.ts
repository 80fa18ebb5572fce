import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake answers to one request: an error status with a JSON body, or SSE frames on a timer. */
export type FakeReply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  /** Raw bytes (synthesised speech), sent in two writes as a streaming server would. */
  | { status: number; bytes: Uint8Array; headers?: Record<string, string> }
  | {
      /** Each entry is one SSE frame's data (objects are JSON-encoded); `event` names it when given. */
      frames: Array<{ event?: string; data: unknown }>;
      intervalMs?: number;
      /** Drop the connection after this many frames, as a crashed upstream would. */
      dropAfter?: number;
    }
  /** A recorded stream's text, written event by event on a timer (fixtures replayed as they were sent). */
  | { chunks: string[]; intervalMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** True once a client hung up before the reply was fully sent (it stopped reading). */
  readonly clientClosedEarly: boolean;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  // Uploads (a transcription's multipart form) stay bytes; everything else the fakes take is JSON.
  if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return raw;
  const text = raw.toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function frame(event: string | undefined, data: unknown): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

/** A local HTTP server speaking server-sent events, the common base of every provider fake. */
export async function startSseServer(answer: (request: RecordedRequest) => FakeReply | Promise<FakeReply>): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let clientClosedEarly = false;

  async function respond(incoming: IncomingMessage, response: ServerResponse) {
    const recorded = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: await readBody(incoming) };
    requests.push(recorded);
    const reply = await answer(recorded);
    if ('bytes' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/octet-stream', ...reply.headers });
      const half = Math.ceil(reply.bytes.length / 2);
      response.write(reply.bytes.subarray(0, half));
      response.end(reply.bytes.subarray(half));
      return;
    }
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.json));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.flushHeaders();
    if ('chunks' in reply) {
      for (const chunk of reply.chunks) {
        await new Promise((resolve) => setTimeout(resolve, reply.intervalMs ?? 2));
        if (response.destroyed) return;
        response.write(chunk);
      }
      response.end();
      return;
    }
    let finished = false;
    response.on('close', () => {
      if (!finished) clientClosedEarly = true;
    });
    for (const [index, { event, data }] of reply.frames.entries()) {
      if (index === reply.dropAfter) {
        finished = true;
        // Let the frames already written reach the client before the connection goes.
        await new Promise((resolve) => setTimeout(resolve, 20));
        response.socket?.destroy();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, reply.intervalMs ?? 5));
      if (response.destroyed) return;
      response.write(frame(event, data));
    }
    finished = true;
    response.end();
  }

  const server = createServer((incoming, response) => void respond(incoming, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get clientClosedEarly() {
      return clientClosedEarly;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
