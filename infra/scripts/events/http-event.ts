import { createHash } from 'node:crypto';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, STREAM_AUTH_HEADER, buildPath, type RouteDef } from '@meld/shared';
import { sampleBody, sampleParam, sampleQuery } from './sample-values.ts';

/**
 * Sample Lambda events as they arrive in AWS: API Gateway HTTP API (payload 2.0) for ordinary
 * routes, a Function URL event for streaming ones. Both come through CloudFront, so they carry
 * its headers. Every value is a documentation example: no real account, key or token.
 */

const ACCOUNT_ID = '123456789012';
const REGION = 'eu-west-1';
const API_ID = 'a1b2c3d4e5';
const FUNCTION_URL_ID = 'abcdefghijklmnopqrstuvwxyz0123456';
const SITE_ORIGIN = 'https://d111111abcdef8.cloudfront.net';
const SOURCE_IP = '203.0.113.24';
const USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// Fixed so regenerating gives identical files: 2026-01-15T09:30:00Z.
const TIME_EPOCH = 1_768_469_400_000;
const TIME = '15/Jan/2026:09:30:00 +0000';
/** Shaped like an access token, signed by nothing: handlers reject it, which is what a sample should do. */
const SAMPLE_ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLXNhbXBsZSIsInJvbGUiOiJVU0VSIn0.c2FtcGxlLXNpZ25hdHVyZQ';

export type SampleEvent = Record<string, unknown>;

export function buildEvent(route: RouteDef): SampleEvent {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, sampleParam(name!)]));
  const rawPath = buildPath(route.path, params);
  const query = sampleQuery(route);
  const body = sampleBody(route);
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const seed = createHash('sha256').update(route.handler).digest('hex');

  const headers: Record<string, string> = {
    accept: route.streaming ? 'text/event-stream' : 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    'accept-language': 'en-GB,en;q=0.9',
    'user-agent': USER_AGENT,
    via: `2.0 ${seed.slice(0, 32)}.cloudfront.net (CloudFront)`,
    'x-amz-cf-id': `${seed.slice(0, 40)}==`,
    'x-amzn-trace-id': `Root=1-${(TIME_EPOCH / 1000).toString(16)}-${seed.slice(0, 24)}`,
    'x-forwarded-for': `${SOURCE_IP}, 130.176.0.10`,
    'x-forwarded-port': '443',
    'x-forwarded-proto': 'https',
  };
  if (bodyText !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(bodyText));
  }
  if (route.method !== 'GET') headers.origin = SITE_ORIGIN;

  const needsToken = route.auth === 'user' || route.auth === 'admin';
  const cookies = rawPath.startsWith(REFRESH_COOKIE_PATH) ? [`${REFRESH_COOKIE}=sample-refresh-token`] : undefined;
  const requestId = `${seed.slice(0, 8)}-${seed.slice(8, 12)}-${seed.slice(12, 16)}-${seed.slice(16, 20)}-${seed.slice(20, 32)}`;
  const http = { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: SOURCE_IP, userAgent: USER_AGENT };
  const common = (routeKey: string) => ({
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    ...(cookies ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
  });
  const payload = bodyText === undefined ? { isBase64Encoded: false } : { body: bodyText, isBase64Encoded: false };

  if (route.streaming) {
    // CloudFront's origin access control signs the request, so the browser's bearer token
    // travels in X-Meld-Authorization and the body's SHA-256 in x-amz-content-sha256.
    headers.host = `${FUNCTION_URL_ID}.lambda-url.${REGION}.on.aws`;
    headers['x-amz-content-sha256'] = createHash('sha256').update(bodyText ?? '').digest('hex');
    headers['x-amz-date'] = '20260115T093000Z';
    if (needsToken) headers[STREAM_AUTH_HEADER] = `Bearer ${SAMPLE_ACCESS_TOKEN}`;
    return {
      ...common('$default'),
      requestContext: {
        accountId: ACCOUNT_ID,
        apiId: FUNCTION_URL_ID,
        authorizer: {
          iam: {
            accessKey: 'ASIAIOSFODNN7EXAMPLE',
            accountId: ACCOUNT_ID,
            callerId: 'AROAEXAMPLEID:CloudFront',
            cognitoIdentity: null,
            principalOrgId: null,
            userArn: `arn:aws:sts::${ACCOUNT_ID}:assumed-role/CloudFrontOriginAccess/CloudFront`,
            userId: 'AROAEXAMPLEID:CloudFront',
          },
        },
        domainName: headers.host,
        domainPrefix: FUNCTION_URL_ID,
        http,
        requestId,
        routeKey: '$default',
        stage: '$default',
        time: TIME,
        timeEpoch: TIME_EPOCH,
      },
      ...payload,
    };
  }

  headers.host = `${API_ID}.execute-api.${REGION}.amazonaws.com`;
  if (needsToken) headers.authorization = `Bearer ${SAMPLE_ACCESS_TOKEN}`;
  const routeKey = `${route.method} ${route.path}`;
  return {
    ...common(routeKey),
    requestContext: {
      accountId: ACCOUNT_ID,
      apiId: API_ID,
      domainName: headers.host,
      domainPrefix: API_ID,
      http,
      requestId,
      routeKey,
      stage: '$default',
      time: TIME,
      timeEpoch: TIME_EPOCH,
    },
    ...(Object.keys(params).length > 0 ? { pathParameters: params } : {}),
    ...payload,
  };
}
