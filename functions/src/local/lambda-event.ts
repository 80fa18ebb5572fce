import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { FUNCTION_DEFAULTS, type RouteDef } from '@meld/shared';
import { functionTimeoutMs } from './aws-limits.ts';

const LOCAL_ACCOUNT_ID = '000000000000';

/**
 * Content types API Gateway and Function URLs hand over as plain text; any other body
 * (including one without a Content-Type) arrives base64-encoded, so handlers must cope with both.
 */
const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql|x-ndjson)\b|application\/[\w.+-]+\+(json|xml)\b)/i;

export interface IncomingCall {
  req: IncomingMessage;
  route: RouteDef;
  rawPath: string;
  rawQueryString: string;
  pathParameters: Record<string, string>;
  body: Buffer;
}

/** The event API Gateway (payload format 2.0) or a Function URL would deliver for this request. */
export function buildHttpApiEvent(call: IncomingCall): APIGatewayProxyEventV2 {
  const { req, route, rawPath, rawQueryString, pathParameters, body } = call;
  const method = req.method ?? 'GET';
  const now = new Date();
  // Function URLs sit in front of one function: they know no route key and no path parameters.
  const routeKey = route.streaming ? '$default' : `${route.method} ${route.path}`;
  const headers = eventHeaders(req);
  const host = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const cookies = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const contentType = headers['content-type'] ?? '';
  const isText = TEXT_CONTENT_TYPE.test(contentType);

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...queryParameters(rawQueryString),
    ...(!route.streaming && Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: route.streaming ? 'anonymous' : LOCAL_ACCOUNT_ID,
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: sourceIp(req),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomBytes(12).toString('base64'),
      routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** A Lambda context whose deadline follows the route's timeout, so middy's timeoutEarly works. */
export function createLambdaContext(route: RouteDef, region = process.env.AWS_REGION ?? 'us-east-1'): Context {
  const functionName = `meld-${route.handler.replaceAll('/', '-')}`;
  const deadline = Date.now() + functionTimeoutMs(route);
  const awsRequestId = randomUUID();
  const unsupported = (name: string) => () => {
    throw new Error(`context.${name}() is not supported: return the result from the async handler`);
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: String(route.lambda?.memoryMb ?? FUNCTION_DEFAULTS.memoryMb),
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported('done'),
    fail: unsupported('fail'),
    succeed: unsupported('succeed'),
  };
}

/** Lower-cased, repeated headers comma-joined; the Cookie header moves to `cookies` as in format 2.0. */
function eventHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(req.headersDistinct).flatMap(([name, values]) => (name === 'cookie' || !values ? [] : [[name, values.join(',')]])),
  );
  // API Gateway adds these; handlers may rely on them for the client address and scheme.
  headers['x-forwarded-for'] ??= sourceIp(req);
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  return headers;
}

function queryParameters(rawQueryString: string): { queryStringParameters?: Record<string, string> } {
  if (!rawQueryString) return {};
  // A Map, so keys such as `constructor` or `__proto__` are plain data.
  const params = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    const previous = params.get(key);
    params.set(key, previous === undefined ? value : `${previous},${value}`);
  }
  return params.size ? { queryStringParameters: Object.fromEntries(params) } : {};
}

function sourceIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's CLF-style request time, e.g. `12/Mar/2020:19:03:58 +0000`. */
function formatRequestTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}
