import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CookieJar } from './cookie-jar.ts';

export interface ClientRequestOptions {
  /** Sent as JSON with a matching Content-Type. */
  json?: unknown;
  body?: string | Uint8Array;
  /** An explicit `cookie` header replaces the jar's cookies for this request. */
  headers?: Record<string, string>;
}

export interface ClientResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed body when the response is JSON, otherwise undefined. */
  json: T;
  text: string;
  setCookies: string[];
}

export interface TestClient {
  jar: CookieJar;
  request<T = unknown>(method: string, path: string, options?: ClientRequestOptions): Promise<ClientResponse<T>>;
}

export interface ClientOptions {
  /** The loopback address to connect from (127.0.0.2…), so a test can be a caller of its own to per-IP limits and bans. */
  localAddress?: string;
}

/**
 * An HTTP client with a cookie jar, so a test can log in and then refresh or log out as a
 * browser would. Built on node:http rather than fetch, which refuses a body on GET and so
 * could not send the malformed requests the API has to survive.
 */
export function createClient(baseUrl: string, options: ClientOptions = {}): TestClient {
  const jar = new CookieJar();
  return {
    jar,
    async request<T = unknown>(method: string, path: string, requestOptions: ClientRequestOptions = {}): Promise<ClientResponse<T>> {
      const url = new URL(path, baseUrl);
      const headers = Object.fromEntries(Object.entries(requestOptions.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
      const cookies = jar.header(url.pathname);
      if (cookies && headers.cookie === undefined) headers.cookie = cookies;
      let body = requestOptions.body;
      if (requestOptions.json !== undefined) {
        body = JSON.stringify(requestOptions.json);
        headers['content-type'] ??= 'application/json';
      }
      // Explicit, because node:http sends a GET body with neither Content-Length nor chunking.
      if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
      const response = await send(url, method, headers, body, options.localAddress);
      const setCookies = response.headers.getSetCookie();
      jar.store(setCookies, url.pathname);
      const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
      const json = (isJson && response.text ? JSON.parse(response.text) : undefined) as T;
      return { status: response.status, headers: response.headers, json, text: response.text, setCookies };
    },
  };
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, localAddress: string | undefined) {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = request(url, { method, headers, ...(localAddress ? { localAddress } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: toHeaders(res.headers), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A fetch-style Headers, so tests can use `.get()` and `.getSetCookie()` as with fetch. */
function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}
