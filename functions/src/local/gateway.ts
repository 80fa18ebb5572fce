import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ERROR_CODES, framedOrigins, matchPath, routeList, securityHeadersForPath } from '@meld/shared';
import { getAppConfig } from '../config/app-config.ts';
import type { RouteDef } from '@meld/shared';
import { buildHttpApiEvent, createLambdaContext } from './lambda-event.ts';
import { installLambdaStreamShim, isStreamingHandler } from './lambda-stream-shim.ts';
import type { StreamingHandler } from './lambda-stream-shim.ts';
import { sendJson, writeHandlerResult } from './http-result.ts';
import { runStreamingHandler } from './streaming-invoke.ts';
import { withDeclaredAccess, type InvocationWindow } from '../store/declared-access.ts';
import { LocalJobRunner } from './job-runner.ts';
import { AWS_LIMITS, functionTimeoutMs, GATEWAY_ANSWERS, jsonBytes, type AwsLimits } from './aws-limits.ts';
import { createStaticHandler } from './static-files.ts';
import { CLOCK_CONTROL_PATH, handleClockControl } from './clock-control.ts';
import { importRouteModule } from './route-modules.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface HandlerModule {
  handler: unknown;
}

export interface GatewayOptions {
  routes?: readonly RouteDef[];
  /** Tests inject handler modules here; by default `functions/src/routes/<handler>.ts` is imported. */
  loadHandler?: (route: RouteDef) => Promise<HandlerModule>;
  webDistDir?: string;
  /** Serve `/__local/clock`, which moves the time every handler reads (decision 0008). Off unless asked for. */
  clockControl?: boolean;
  /** Origins the browser may reach storage at (the CSP's); the local S3 endpoint by default. */
  storageOrigins?: readonly string[];
  /** AWS's quotas (aws-limits.ts); tests shrink them to reach them quickly. */
  limits?: Partial<AwsLimits>;
  /** Run the background worker in-process (decision 0034); on unless a test of the gateway alone turns it off. */
  jobs?: boolean;
}

const jobRunners = new WeakMap<Server, LocalJobRunner>();
const runningJobRunners = new Set<LocalJobRunner>();

/** Resolves once the gateway's background worker has nothing waiting or running. */
export async function jobsIdle(server: Server): Promise<void> {
  await jobRunners.get(server)?.idle();
}

/** Resolves once every gateway's worker in this process is idle: for checks that read the whole table. */
export async function allJobsIdle(): Promise<void> {
  await Promise.all([...runningJobRunners].map((runner) => runner.idle()));
}

type BufferedHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

// Streaming handlers call awslambda.streamifyResponse while their module loads, before any request.
installLambdaStreamShim();

/** One HTTP server standing in for API Gateway, the Function URLs and CloudFront in front of the web app. */
export function createGateway(options: GatewayOptions = {}): Server {
  const routes = options.routes ?? routeList;
  const loadHandler = cachedLoader(options.loadHandler ?? ((route) => importRouteModule(route.handler)));
  const serveStatic = createStaticHandler(options.webDistDir ?? DEFAULT_WEB_DIST);
  const storageOrigins = options.storageOrigins ?? localStorageOrigins();
  const limits: AwsLimits = { ...AWS_LIMITS, ...options.limits };

  const server = createServer((req, res) => {
    // Set first, as CloudFront's response-headers policy does for every response, errors included;
    // a response that brings its own policy (a stricter CSP) keeps it, as CloudFront is told to.
    const headers = securityHeadersForPath(req.url?.split('?')[0] ?? '/', { storageOrigins, frameOrigins: configuredFrameOrigins() });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const serve = options.clockControl && req.url?.split('?')[0] === CLOCK_CONTROL_PATH ? serveClockControl : handleRequest;
    serve(req, res, routes, loadHandler, serveStatic, limits).catch((error: unknown) => {
      // A client that hung up mid-request is not a server fault worth a stack trace.
      if (!res.destroyed) console.error(`[gateway] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) sendJson(res, 500, { code: ERROR_CODES.internal, message: 'Internal server error' });
      else res.destroy();
    });
  });
  if (options.jobs !== false) {
    const runner = new LocalJobRunner();
    jobRunners.set(server, runner);
    runningJobRunners.add(runner);
    server.once('close', () => {
      runningJobRunners.delete(runner);
      void runner.stop();
    });
    runner.kick();
  }
  return server;
}

/** The embedded S3 serves presigned uploads and downloads from its own port. */
function localStorageOrigins(): string[] {
  const endpoint = process.env.MELD_S3_ENDPOINT;
  return endpoint ? [new URL(endpoint).origin] : [];
}

/** What the app config lets the app frame (the newsletter form); none when no config can be read, as the handlers would then fail too. */
function configuredFrameOrigins(): string[] {
  try {
    return framedOrigins(getAppConfig());
  } catch {
    return [];
  }
}

/** Listens on `port` (0: any free one) and resolves with the port actually bound. */
export function listenGateway(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Closes the listener and every open connection, keep-alive and streaming ones included. */
export function closeGateway(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routes: readonly RouteDef[],
  loadHandler: (route: RouteDef) => Promise<HandlerModule>,
  serveStatic: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  limits: AwsLimits,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const rawQueryString = queryStart < 0 ? '' : url.slice(queryStart + 1);

  const candidates = routes.flatMap((route) => {
    const params = matchPath(route.path, rawPath);
    return params ? [{ route, params }] : [];
  });
  // As API Gateway does: a literal segment beats a parameter (DELETE /api/user/delete before /api/user/{id}).
  const matched = candidates
    .filter((candidate) => candidate.route.method === method)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length)[0];

  if (!matched) {
    if (candidates.length) {
      const allow = [...new Set(candidates.map((candidate) => candidate.route.method))].join(', ');
      req.resume();
      return sendJson(res, 405, { code: ERROR_CODES.methodNotAllowed, message: `${method} is not allowed for ${rawPath}; use ${allow}` }, { allow });
    }
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      req.resume();
      return sendJson(res, 404, { code: ERROR_CODES.notFound, message: `No route for ${method} ${rawPath}` });
    }
    return serveStatic(req, res);
  }

  const { route, params } = matched;
  // A Function URL hands the request straight to Lambda; the HTTP API takes up to 10 MB first.
  const body = await readBody(req, route.streaming ? limits.invocationEventBytes : limits.httpApiRequestBytes);
  if (!body) {
    // Answer at once but let the upload drain, so the client reads the 413 instead of a reset.
    req.resume();
    return sendGatewayAnswer(res, GATEWAY_ANSWERS.requestTooLarge, { connection: 'close' });
  }

  if (route.streaming && !payloadHashMatches(req, body)) {
    return sendJson(res, 403, {
      code: 'FORBIDDEN',
      message: 'A streaming request with a body must send its hex SHA-256 in x-amz-content-sha256 (decision 0003)',
    });
  }
  const event = buildHttpApiEvent({ req, route, rawPath, rawQueryString, pathParameters: params, body });
  const context = createLambdaContext(route);
  res.setHeader('apigw-requestid', event.requestContext.requestId);

  // Lambda measures the event, not the body: headers count, and a binary body grows by a third as base64.
  const eventBytes = jsonBytes(event);
  if (eventBytes > limits.invocationEventBytes) {
    console.warn(`[gateway] ${route.handler}: the event is ${eventBytes} bytes, over Lambda's ${limits.invocationEventBytes}; AWS refuses the invocation`);
    return sendGatewayAnswer(res, GATEWAY_ANSWERS.requestTooLarge);
  }

  const { handler } = await loadHandler(route);
  if (typeof handler !== 'function') throw new Error(`Module for ${route.handler} does not export a handler function`);
  warnOnModeMismatch(route, handler);

  // Each request runs with only its route's declared access, as its function's role has in AWS,
  // and inside its invocation's window: work left running when it closes is cut.
  const window: InvocationWindow = {};
  return withDeclaredAccess(
    route,
    async () => {
      // Dispatch on the handler's own marker, as the Lambda runtime does.
      if (isStreamingHandler(handler)) {
        return runStreamingHandler(handler as StreamingHandler, event, context, res, { name: route.handler, timeoutMs: functionTimeoutMs(route), maxBytes: limits.streamedResponseBytes, window });
      }
      return runBufferedHandler(handler as BufferedHandler, event, context, res, { route, limits, window });
    },
    window,
  );
}

/**
 * Calls a buffered handler as API Gateway and Lambda would: the answer is the handler's result
 * unless the function times out (Lambda's error, a 500), API Gateway stops waiting first (503),
 * or the result is over Lambda's payload limit (500).
 */
async function runBufferedHandler(
  handler: BufferedHandler,
  event: APIGatewayProxyEventV2,
  context: Context,
  res: ServerResponse,
  invocation: { route: RouteDef; limits: AwsLimits; window: InvocationWindow },
): Promise<void> {
  const { route, limits, window } = invocation;
  const timeoutMs = functionTimeoutMs(route);
  const functionTimesOutFirst = timeoutMs <= limits.integrationTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), Math.min(timeoutMs, limits.integrationTimeoutMs));
  });
  let result: unknown;
  try {
    result = await Promise.race([handler(event, context), expired]);
  } catch (error) {
    console.error(`[gateway] ${route.handler} threw (request ${context.awsRequestId}):`, error);
    return sendGatewayAnswer(res, GATEWAY_ANSWERS.functionFailed);
  } finally {
    clearTimeout(timer);
  }
  if (result === 'expired') {
    window.closedBecause = functionTimesOutFirst ? `Task timed out after ${timeoutMs / 1000} seconds` : `API Gateway stopped waiting after ${limits.integrationTimeoutMs / 1000} s`;
    console.error(`[gateway] ${route.handler} (request ${context.awsRequestId}): ${window.closedBecause}`);
    return sendGatewayAnswer(res, functionTimesOutFirst ? GATEWAY_ANSWERS.functionFailed : GATEWAY_ANSWERS.integrationTimedOut);
  }
  const resultBytes = jsonBytes(result);
  if (resultBytes > limits.bufferedResponseBytes) {
    console.error(`[gateway] ${route.handler} (request ${context.awsRequestId}): Response payload size (${resultBytes} bytes) exceeded maximum allowed payload size (${limits.bufferedResponseBytes} bytes).`);
    return sendGatewayAnswer(res, GATEWAY_ANSWERS.functionFailed);
  }
  // Lambda freezes the sandbox once the result is out: work left running does not go on.
  window.closedBecause = 'the function had returned, and Lambda freezes it then';
  writeHandlerResult(res, result);
}

/** API Gateway's own answers carry only a message (aws-limits.ts). */
function sendGatewayAnswer(res: ServerResponse, answer: { status: number; message: string }, headers: Record<string, string> = {}): void {
  sendJson(res, answer.status, { message: answer.message }, headers);
}

async function serveClockControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req, 1024);
  if (!body) return sendJson(res, 413, { code: ERROR_CODES.payloadTooLarge, message: 'The clock takes one small JSON body' });
  return handleClockControl(req, res, body);
}

/** Resolves to the body, or null once it passes `limit` bytes (checked before reading when declared). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * Behind CloudFront, Lambda's IAM check refuses a streaming request whose body does not match
 * the SHA-256 the browser declared; checking here makes a missing hash fail locally too.
 */
function payloadHashMatches(req: IncomingMessage, body: Buffer): boolean {
  if (body.length === 0) return true;
  return req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
}

/** Imports each handler module once, on its first request, like a warm Lambda container. */
function cachedLoader(load: (route: RouteDef) => Promise<HandlerModule>): (route: RouteDef) => Promise<HandlerModule> {
  const cache = new Map<string, Promise<HandlerModule>>();
  return (route) => {
    let module = cache.get(route.handler);
    if (!module) {
      module = load(route);
      // A failed import is not cached, so the next request reports the error again.
      module.catch(() => cache.delete(route.handler));
      cache.set(route.handler, module);
    }
    return module;
  };
}

const warnedRoutes = new Set<string>();

/** A mismatch here works locally but breaks behind API Gateway or a RESPONSE_STREAM Function URL. */
function warnOnModeMismatch(route: RouteDef, handler: unknown): void {
  const streaming = isStreamingHandler(handler);
  if (streaming === Boolean(route.streaming) || warnedRoutes.has(route.handler)) return;
  warnedRoutes.add(route.handler);
  const expected = route.streaming ? 'streaming, but its handler is not wrapped by streamifyResponse' : 'not streaming, but its handler is wrapped by streamifyResponse';
  console.warn(`[gateway] Route ${route.method} ${route.path} is ${expected}`);
}
