import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A streaming handler shaped like the chat route will be: middy with streamifyResponse, a
 * statusCode/headers/cookies head and a Readable body produced over time. The test gets hold
 * of `probe` to see when each chunk was written relative to when its client received data.
 */
export const CHUNKS = ['data: one\n\n', 'data: two\n\n', 'data: three\n\n', 'data: four\n\n'];
/** How long the last write waits for the client to report the first chunk (a buffered stream never will). */
const FIRST_CHUNK_WAIT_MS = 10_000;

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export const probe = {
  timeline: [] as string[],
  firstChunkReceived: signal(),
  reset(): void {
    probe.timeline = [];
    probe.firstChunkReceived = signal();
  },
};

async function* produce(): AsyncGenerator<string> {
  for (const [index, chunk] of CHUNKS.entries()) {
    if (index === CHUNKS.length - 1) {
      await Promise.race([probe.firstChunkReceived.promise, sleep(FIRST_CHUNK_WAIT_MS)]);
    } else if (index > 0) {
      await sleep(20);
    }
    probe.timeline.push(`written ${index}`);
    yield chunk;
  }
}

export const handler = middy<APIGatewayProxyEventV2>({ streamifyResponse: true }).handler(async (event: APIGatewayProxyEventV2) => {
  if (event.rawQueryString === 'fail=before') throw new Error('failed before streaming');
  return {
    statusCode: 201,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-route-key': event.routeKey },
    cookies: ['stream-a=1; Path=/', 'stream-b=2; Path=/; HttpOnly'],
    body: Readable.from(produce()),
  };
});
