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

/** fetch with a cookie jar, so a test can log in and then refresh or log out as a browser would. */
export function createClient(baseUrl: string): TestClient {
  const jar = new CookieJar();
  return {
    jar,
    async request<T = unknown>(method: string, path: string, options: ClientRequestOptions = {}): Promise<ClientResponse<T>> {
      const url = new URL(path, baseUrl);
      const headers = new Headers(options.headers);
      const cookies = jar.header(url.pathname);
      if (cookies && !headers.has('cookie')) headers.set('cookie', cookies);
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      const setCookies = response.headers.getSetCookie();
      jar.store(setCookies, url.pathname);
      const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
      return { status: response.status, headers: response.headers, json: (isJson && text ? JSON.parse(text) : undefined) as T, text, setCookies };
    },
  };
}
