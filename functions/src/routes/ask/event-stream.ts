import { PassThrough } from 'node:stream';
import type { AskEvent } from '@meld/shared';

/**
 * The SSE body of a reply. Writes after the client has gone are dropped, never thrown, and the
 * stream's destruction waits for `work`: the runtime awaits the body, so the invocation lives on
 * until the reply is saved even when the viewer closed the connection.
 */
export function eventStream() {
  let settle!: () => void;
  const work = new Promise<void>((resolve) => (settle = resolve));
  const body = new PassThrough({
    destroy(error, callback) {
      void work.then(() => callback(error));
    },
  });
  body.on('error', () => undefined);
  return {
    body,
    send(event: AskEvent) {
      if (body.destroyed || body.writableEnded) return;
      body.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    /** Ends the stream once the reply is saved. */
    done() {
      settle();
      if (!body.destroyed && !body.writableEnded) body.end();
    },
  };
}
