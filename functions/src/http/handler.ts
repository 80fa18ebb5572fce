import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { routes, type RouteDef, type RouteName, type RouteResponse, type Routes } from '@meld/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { getAppConfig } from '../config/app-config.ts';
import { env } from '../config/env.ts';
import { capacityHeader, withDbCallCount } from '../store/db-call-counter.ts';
import type { AuthContext } from './auth.ts';
import { logger } from './logger.ts';
import { accessLog, errorResponses, JSON_HEADERS, prepareRequest, type MeldContext } from './middlewares.ts';
import { refuseBannedCaller } from './rate-limit.ts';
import { Reply } from './reply.ts';
import { withRequestScope } from './request-scope.ts';

type Field<N extends RouteName, K extends string> = Routes[N] extends Record<K, z.ZodType> ? z.output<Routes[N][K]> : undefined;

/** What a handler sees: parsed input, typed from the route table, and the caller. */
export interface RequestOf<N extends RouteName> {
  body: Field<N, 'body'>;
  query: Field<N, 'query'>;
  params: Field<N, 'params'>;
  /** Guaranteed on user and admin routes; null on public ones. */
  auth: Routes[N]['auth'] extends 'user' | 'admin' ? AuthContext : AuthContext | null;
  cookies: Record<string, string>;
  ip: string;
  now: Date;
  event: APIGatewayProxyEventV2;
}

export type LambdaHttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The kit's chain, shared by plain and streaming handlers: logging context, access log, errors, auth and parsing. */
export function kitMiddlewares(route: RouteDef) {
  return [injectLambdaContext(logger, { resetKeys: true }), accessLog(route), errorResponses(), prepareRequest(route)];
}

/**
 * Runs in the request's scope, once auth is done, before the route's own code: a route the table
 * marks `refuseBannedAddress` (the chat and agent routes) answers 403 BANNED to a banned address.
 * One GetItem, which a limit later in the request does not repeat (decision 0011).
 */
export async function refuseBannedAddress(route: RouteDef): Promise<void> {
  if (route.refuseBannedAddress) await refuseBannedCaller(getAppConfig());
}

/**
 * Builds a route's Lambda handler: logging, auth by level, zod parsing and error mapping come
 * from the kit, so the function passed in holds only the route's own logic.
 */
export function defineHandler<N extends RouteName>(
  name: N,
  run: (request: RequestOf<N>) => Promise<RouteResponse<N> | Reply<RouteResponse<N>>>,
): LambdaHttpHandler {
  const route = routes[name];
  const wrapped = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, MeldContext>()
    .use(kitMiddlewares(route))
    .handler(async (event, context) => {
      await refuseBannedAddress(route);
      const result = await run({ ...context.meld, event } as RequestOf<N>);
      const response = result instanceof Reply ? result : new Reply(result);
      // Bytes (an image) travel base64-encoded, as API Gateway's payload format 2.0 asks; the handler sets their type.
      if (response.body instanceof Uint8Array) {
        return { statusCode: response.status, headers: response.headers, cookies: response.cookies, body: Buffer.from(response.body).toString('base64'), isBase64Encoded: true };
      }
      return {
        statusCode: response.status,
        headers: { ...JSON_HEADERS, ...response.headers },
        cookies: response.cookies,
        body: JSON.stringify(response.body ?? null),
      };
    });

  return async (event, context) => {
    const { result, usage } = await withRequestScope(() => withDbCallCount(() => wrapped(event, context as MeldContext)));
    if (env.exposeDbCalls()) result.headers = { ...result.headers, 'x-meld-db-calls': String(usage.calls), 'x-meld-db-capacity': capacityHeader(usage) };
    return result;
  };
}
