import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { LocalResponseStream } from './lambda-stream-shim.ts';
import type { StreamingHandler } from './lambda-stream-shim.ts';
import { sendJson } from './http-result.ts';

/**
 * Calls a streamifyResponse handler the way the runtime does, `(event, responseStream, context)`,
 * with a stream that writes through to `res` chunk by chunk.
 */
export async function runStreamingHandler(
  handler: StreamingHandler,
  event: APIGatewayProxyEventV2,
  context: Context,
  res: ServerResponse,
  name: string,
): Promise<void> {
  const stream = new LocalResponseStream(res);
  try {
    await handler(event, stream as unknown as awslambda.HttpResponseStream, context);
    // The invocation is over once the handler settles; close a response it left open.
    if (!stream.writableEnded && !stream.destroyed) stream.end();
    await finished(stream);
  } catch (error) {
    if (stream.clientClosed) return;
    console.error(`[gateway] ${name} failed while streaming (request ${context.awsRequestId}):`, error);
    if (!res.headersSent) sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
    else res.destroy();
  }
}
