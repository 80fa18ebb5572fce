import type { RouteBody, RouteName } from '@meld/shared';
import { refreshSession } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { apiRoutes } from './api-routes.ts';
import { getAccessToken } from './auth-session.ts';

/**
 * Streaming routes (server-sent events). In AWS they sit behind CloudFront with origin access
 * control, which signs the request itself: the bearer token therefore travels in
 * X-Meld-Authorization, and the body's SHA-256 must be sent for the signature to cover it.
 */

export interface StreamOptions<N extends RouteName> {
  params?: Record<string, string>;
  body: RouteBody<N>;
  signal?: AbortSignal;
  /** Called once the server has answered with 2xx, before the first event. */
  onOpen?: () => void;
  /** Each `data:` payload, parsed as JSON. */
  onEvent: (event: unknown) => void;
}

/** Splits a text stream into SSE events; returns the data of each event completed by `chunk`. */
export function createSseParser(): (chunk: string) => string[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: string[] = [];
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
      if (data.length) events.push(data.join('\n'));
      end = buffer.indexOf('\n\n');
    }
    return events;
  };
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}

async function open(url: string, payload: string, hash: string, token: string | null, accept: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, 'Content-Type': 'application/json', 'x-amz-content-sha256': hash };
  if (token) headers['X-Meld-Authorization'] = `Bearer ${token}`;
  try {
    return await fetch(url, { method: 'POST', headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, {}, 'Network request failed');
  }
}

async function failure(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(await response.text()) as unknown;
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // A non-JSON error page: the status says enough.
  }
  return new ApiError(response.status, body, response.statusText || `Request failed with status ${response.status}`);
}

/**
 * Posts to a streaming route and answers its 2xx response unread (the caller reads events, or the
 * audio of text to speech). A 401 refreshes the session once (shared with the api-client) and
 * retries; any other failure rejects with an ApiError.
 */
export async function openStream<N extends RouteName>(name: N, options: Pick<StreamOptions<N>, 'params' | 'body' | 'signal'>, accept: string): Promise<Response> {
  const url = fillPath(apiRoutes[name].path, options.params);
  const payload = JSON.stringify(options.body);
  const hash = await sha256Hex(payload);
  const sentWith = getAccessToken();
  let response = await open(url, payload, hash, sentWith, accept, options.signal);
  if (response.status === 401) {
    const current = getAccessToken();
    const token = current && current !== sentWith ? current : (await refreshSession()).token;
    if (token) response = await open(url, payload, hash, token, accept, options.signal);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/**
 * Posts to a streaming route and hands each event to `onEvent` as it arrives. A 401 before the
 * stream starts refreshes the session once (shared with the api-client) and retries. Resolves when
 * the stream ends; rejects with an ApiError on a non-2xx answer, or with the abort when stopped.
 */
export async function streamRequest<N extends RouteName>(name: N, options: StreamOptions<N>): Promise<void> {
  const response = await openStream(name, options, 'text/event-stream');
  options.onOpen?.();
  if (!response.body) return;

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  const deliver = (events: string[]) => {
    for (const data of events) {
      try {
        options.onEvent(JSON.parse(data) as unknown);
      } catch (error) {
        // A malformed line is skipped; an error thrown by the handler is the caller's.
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    deliver(parse(decoder.decode(value, { stream: true })));
  }
  deliver(parse(decoder.decode() + '\n\n'));
}
