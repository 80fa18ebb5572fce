import type { MiddlewareObj } from '@middy/core';
import { ERROR_CODES, type RouteDef } from '@meld/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { authenticate, type AuthContext } from './auth.ts';
import { loadServerKeys } from '../config/secrets.ts';
import { clientAddress, refuseBypassingTheEdge } from './client-address.ts';
import { requestTime } from './clock.ts';
import { parseCookies } from './cookies.ts';
import { DomainError } from '../domain/errors.ts';
import { fromDomainError, HttpError } from './errors.ts';
import { logger } from './logger.ts';
import { parseInput, type ParsedInput } from './parse-input.ts';
import { requestScope } from './request-scope.ts';
import { isServiceUnavailable, serviceUnavailable } from './service-unavailable.ts';

/** What the kit's middlewares hand the handler, on `context.meld`. */
export interface MeldInput extends ParsedInput {
  auth: AuthContext | null;
  cookies: Record<string, string>;
  ip: string;
  now: Date;
}

export type MeldContext = Context & { meld: MeldInput };
type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, MeldContext>;

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Auth first (a stranger learns nothing about the input shape), then zod parsing. */
export function prepareRequest(route: RouteDef): Middleware {
  return {
    name: 'prepareRequest',
    before: async (request) => {
      const { event, context } = request;
      await refuseBypassingTheEdge(event);
      // A failed load is retried on the next request; meanwhile only a provider call can fail (its key unset).
      const keysLoaded = loadServerKeys().catch((error: unknown) => logger.error('Loading the server keys failed', { error: error as Error }));
      const [auth] = await Promise.all([authenticate(route, event), keysLoaded]);
      context.meld = {
        ...parseInput(route, event),
        auth,
        cookies: parseCookies(event),
        ip: await clientAddress(event),
        now: requestTime(),
      };
      // For the rate limiter, which charges violations to the caller and checks its bans.
      const scope = requestScope();
      if (scope) Object.assign(scope, { ip: context.meld.ip, userId: auth?.userId });
    },
  };
}

/** HttpErrors become their JSON responses, throttled storage a 503; anything else is logged and becomes a bare 500. */
export function errorResponses(): Middleware {
  return {
    name: 'errorResponses',
    onError: async (request) => {
      const error = request.error instanceof DomainError ? fromDomainError(request.error) : isServiceUnavailable(request.error) ? serviceUnavailable() : request.error;
      if (error instanceof HttpError) {
        request.response = {
          statusCode: error.status,
          headers: { ...JSON_HEADERS, ...error.headers },
          cookies: error.cookies,
          body: JSON.stringify(error.toBody()),
        };
        return;
      }
      logger.error('Unhandled error', { error: error as Error });
      request.response = {
        statusCode: 500,
        headers: JSON_HEADERS,
        body: JSON.stringify({ code: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' }),
      };
    },
  };
}

/** One structured line per request: route, status, duration. */
export function accessLog(route: RouteDef): Middleware {
  // Keyed by request: one module instance serves concurrent requests on the local gateway.
  const started = new WeakMap<object, number>();
  const done = (request: { event: object; response: APIGatewayProxyStructuredResultV2 | null | undefined }) => {
    const durationMs = Date.now() - (started.get(request.event) ?? Date.now());
    logger.info('request', { route: `${route.method} ${route.path}`, status: request.response?.statusCode, durationMs });
  };
  return {
    name: 'accessLog',
    before: (request) => {
      started.set(request.event, Date.now());
    },
    after: done,
    onError: done,
  };
}
