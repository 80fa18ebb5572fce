import { readFileSync } from 'node:fs';
import { createServer, type Http2Server, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { fixturePath } from './replay-server.ts';

/** One message of a recorded ConverseStream: an event of the union, or an exception the stream ends with. */
type RecordedMessage = { event: string; payload: unknown } | { exception: string; payload: unknown };

export interface FakeBedrock {
  /** The endpoint to give the SDK client (it speaks HTTP/2 without TLS, as Bedrock's client does over TLS). */
  url: string;
  /** Each request's path and JSON body, in order. */
  requests: Array<{ path: string; body: unknown }>;
  close(): Promise<void>;
}

/** A string header: name length, name, type 7 (string), value length, value. */
function header(name: string, value: string): Buffer {
  const key = Buffer.from(name);
  const text = Buffer.from(value);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length);
  return Buffer.concat([Buffer.from([key.length]), key, Buffer.from([7]), length, text]);
}

/**
 * One message of the AWS event stream encoding (application/vnd.amazon.eventstream), written
 * from the format's documentation rather than the SDK's codec: prelude (total length, headers
 * length, CRC32 of both), headers, payload, CRC32 of everything before it.
 */
export function eventStreamMessage(headers: Record<string, string>, payload: unknown): Buffer {
  const head = Buffer.concat(Object.entries(headers).map(([name, value]) => header(name, value)));
  const body = Buffer.from(JSON.stringify(payload));
  const prelude = Buffer.alloc(8);
  prelude.writeUInt32BE(12 + head.length + body.length + 4, 0);
  prelude.writeUInt32BE(head.length, 4);
  const preludeCrc = Buffer.alloc(4);
  preludeCrc.writeUInt32BE(crc32(prelude));
  const message = Buffer.concat([prelude, preludeCrc, head, body]);
  const messageCrc = Buffer.alloc(4);
  messageCrc.writeUInt32BE(crc32(message));
  return Buffer.concat([message, messageCrc]);
}

function encode(message: RecordedMessage): Buffer {
  if ('exception' in message) return eventStreamMessage({ ':exception-type': message.exception, ':content-type': 'application/json', ':message-type': 'exception' }, message.payload);
  return eventStreamMessage({ ':event-type': message.event, ':content-type': 'application/json', ':message-type': 'event' }, message.payload);
}

/**
 * A local Bedrock Runtime answering `POST /model/{modelId}/converse-stream` with a recorded
 * stream from `__fixtures__/bedrock/*.json`, message by message, so the real SDK decodes it.
 */
export async function startFakeBedrock(fixture: string, options: { intervalMs?: number } = {}): Promise<FakeBedrock> {
  const { messages } = JSON.parse(readFileSync(fixturePath(fixture), 'utf8')) as { messages: RecordedMessage[] };
  const requests: FakeBedrock['requests'] = [];
  const server: Http2Server = createServer();
  // The SDK keeps its HTTP/2 session open for the next request; closing ends them.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: String(headers[':path']), body: body ? (JSON.parse(body) as unknown) : undefined });
      stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'c0ffee00-0000-4000-8000-000000000000' });
      void (async () => {
        for (const message of messages) {
          await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 2));
          if (stream.destroyed) return;
          stream.write(encode(message));
        }
        stream.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
