import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { LocalResponseStream } from './lambda-stream-shim.ts';
import type { StreamingHandler } from './lambda-stream-shim.ts';
import type { InvocationWindow } from '../store/declared-access.ts';
import { sendJson } from './http-result.ts';

export interface StreamingInvocation {
  name: string;
  /** The function's timeout: a Function URL's stream ends there, mid-reply or not. */
  timeoutMs: number;
  /** Lambda's cap on a streamed response; the stream is cut beyond it. */
  maxBytes: number;
  window: InvocationWindow;
}

/**
 * Calls a streamifyResponse handler the way the runtime does, `(event, responseStream, context)`,
 * with a stream that writes through to `res` chunk by chunk, inside the function's timeout and
 * Lambda's streamed-response cap.
 */
export async function runStreamingHandler(
  handler: StreamingHandler,
  event: APIGatewayProxyEventV2,
  context: Context,
  res: ServerResponse,
  invocation: StreamingInvocation,
): Promise<void> {
  const { name, window } = invocation;
  const stream = new LocalResponseStream(res, invocation.maxBytes);
  const timer = setTimeout(() => {
    window.closedBecause = `Task timed out after ${invocation.timeoutMs / 1000} seconds`;
    console.error(`[gateway] ${name} (request ${context.awsRequestId}): ${window.closedBecause}`);
    // Lambda stops the function; the client sees the response end where it was.
    if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
    else res.destroy();
  }, invocation.timeoutMs);
  try {
    await handler(event, stream as unknown as awslambda.HttpResponseStream, context);
    // The invocation is over once the handler settles; close a response it left open.
    if (!stream.writableEnded && !stream.destroyed) stream.end();
    await finished(stream);
  } catch (error) {
    if (stream.overLimit) {
      window.closedBecause = `the response passed Lambda's ${invocation.maxBytes} byte streaming limit`;
      console.error(`[gateway] ${name} (request ${context.awsRequestId}): ${window.closedBecause}`);
      return;
    }
    if (stream.clientClosed || window.closedBecause) return;
    console.error(`[gateway] ${name} failed while streaming (request ${context.awsRequestId}):`, error);
    if (!res.headersSent) sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
    else res.destroy();
  } finally {
    clearTimeout(timer);
    // Settled: Lambda freezes the sandbox, so work the handler left running goes no further.
    window.closedBecause ??= 'the function had returned, and Lambda freezes it then';
  }
}
