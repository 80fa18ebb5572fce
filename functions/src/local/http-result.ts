import type { ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Writes a small JSON body; the gateway's own answers (404, 405, 413, 500) use the API's error shape. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function isStructured(result: unknown): result is APIGatewayProxyStructuredResultV2 {
  return typeof result === 'object' && result !== null && 'statusCode' in result;
}

/**
 * Turns a buffered handler's return value into the HTTP response, following payload format
 * 2.0: a result without statusCode is itself the JSON body of a 200, Set-Cookie lines come
 * from `cookies`, and a base64 body is decoded back to bytes.
 */
export function writeHandlerResult(res: ServerResponse, result: unknown): void {
  const structured: APIGatewayProxyStructuredResultV2 = isStructured(result)
    ? result
    : { statusCode: 200, body: typeof result === 'string' ? result : JSON.stringify(result ?? null) };

  res.statusCode = structured.statusCode ?? 200;
  for (const [name, value] of Object.entries(structured.headers ?? {})) res.setHeader(name, String(value));
  if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json');
  if (structured.cookies?.length) res.appendHeader('set-cookie', structured.cookies);

  const body = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
