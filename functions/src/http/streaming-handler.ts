import type { Readable } from 'node:stream';
import middy from '@middy/core';
import { routes, type RouteDef, type RouteName } from '@meld/shared';
import type { APIGatewayProxyEventV2, Context, StreamifyHandler } from 'aws-lambda';
import type { AuthContext } from './auth.ts';
import { kitMiddlewares, refuseBannedAddress, type RequestOf } from './handler.ts';
import type { MeldContext } from './middlewares.ts';
import { withRequestScope } from './request-scope.ts';

/** A streamed answer: status and headers go out first, then the body as it is produced. */
export interface StreamReply {
  status?: number;
  headers?: Record<string, string>;
  cookies?: string[];
  body: Readable;
  /**
   * Work that must finish inside the invocation even if the viewer leaves (saving the reply):
   * the handler returns only after it, since Lambda freezes the function once it returns.
   */
  settled?: Promise<unknown>;
}

/** A request whose route is not in the table, so its input is not typed from it. */
export type UntypedRequest = Omit<RequestOf<RouteName>, 'body' | 'query' | 'params' | 'auth'> & {
  body: unknown;
  query: unknown;
  params: unknown;
  auth: AuthContext | null;
};

/**
 * Builds a RESPONSE_STREAM handler (a Function URL behind CloudFront in AWS; the gateway's
 * stream shim locally). The same kit runs first, so a bad token or body still gets its JSON
 * 401 or 400 before anything streams.
 */
export function defineStreamingHandler<N extends RouteName>(name: N, run: (request: RequestOf<N>) => Promise<StreamReply>) {
  return buildStreamingHandler(routes[name], run as (request: UntypedRequest) => Promise<StreamReply>);
}

/** Route-agnostic form, for routes defined outside the table (tests). */
export function buildStreamingHandler(route: RouteDef, run: (request: UntypedRequest) => Promise<StreamReply>) {
  // Keyed by the invocation's context, which middy hands through unchanged.
  const settling = new WeakMap<object, Promise<unknown>>();
  const streamed = middy<APIGatewayProxyEventV2, unknown, Error, MeldContext>({ streamifyResponse: true })
    .use(kitMiddlewares(route))
    .handler(async (event, context) => {
      // The caller, for the rate limiter (bans, violations), for the whole reply: the stream
      // goes on in this scope after the handler returns.
      const caller = { ip: context.meld.ip, ...(context.meld.auth ? { userId: context.meld.auth.userId } : {}) };
      const reply = await withRequestScope(async () => {
        await refuseBannedAddress(route);
        return run({ ...context.meld, event });
      }, caller);
      if (reply.settled) settling.set(context, reply.settled);
      return {
        statusCode: reply.status ?? 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', ...reply.headers },
        cookies: reply.cookies ?? [],
        body: reply.body,
      };
    });
  // A client that hangs up ends middy's pipe at once; the invocation still waits for the work.
  const invoke = streamed as unknown as StreamifyHandler<APIGatewayProxyEventV2, unknown>;
  return awslambda.streamifyResponse(async (event: APIGatewayProxyEventV2, responseStream: awslambda.HttpResponseStream, context: Context) => {
    try {
      return await invoke(event, responseStream, context);
    } finally {
      await settling.get(context);
    }
  });
}
