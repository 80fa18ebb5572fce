import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AskEvent } from '@meld/shared';

export interface StreamedEvent {
  event: AskEvent;
  /** Milliseconds since the request was sent, when the chunk carrying it arrived. */
  at: number;
}

export interface AskStream {
  status: number;
  contentType: string | undefined;
  /** The raw body: the JSON error when the request was refused before streaming. */
  text: string;
  events: StreamedEvent[];
}

/**
 * POSTs to a streaming route as the browser does behind CloudFront OAC (body SHA-256 header)
 * and parses the SSE body chunk by chunk. `onEvent` may return 'close' to hang up mid-reply.
 */
export function askStream(baseUrl: string, path: string, token: string, json: unknown, onEvent: (event: AskEvent) => void | 'close' = () => undefined): Promise<AskStream> {
  const { hostname, port } = new URL(baseUrl);
  const body = JSON.stringify(json);
  const sha = createHash('sha256').update(body).digest('hex');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'x-amz-content-sha256': sha, 'x-meld-authorization': `Bearer ${token}` };
    const req = request({ hostname, port, path, method: 'POST', headers }, (res) => {
      const result: AskStream = { status: res.statusCode ?? 0, contentType: res.headers['content-type'], text: '', events: [] };
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        result.text += chunk;
        if (!result.contentType?.includes('text/event-stream')) return;
        pending += chunk;
        const blocks = pending.split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          if (!block.startsWith('data: ')) continue;
          const event = JSON.parse(block.slice('data: '.length)) as AskEvent;
          result.events.push({ event, at: Date.now() - started });
          if (onEvent(event) === 'close') {
            req.destroy();
            resolve(result);
            return;
          }
        }
      });
      res.on('end', () => resolve(result));
      res.on('error', () => resolve(result));
    });
    req.on('error', reject);
    req.end(body);
  });
}
