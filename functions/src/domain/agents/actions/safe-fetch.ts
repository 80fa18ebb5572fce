import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from './internal-address.ts';

/**
 * Outbound HTTP for agent actions (decision 0027). Only http(s); the host's addresses are resolved
 * and refused when internal, and the connection uses the address that was checked (no second DNS
 * answer can swap in another). Redirects are followed by hand, each hop checked the same way, the
 * credentials dropped when the origin (scheme, host or port) changes; a body is never sent to another
 * origin (a 307 or 308 that would resend it there is refused). A time limit and a size cap bound every call.
 */
export interface SafeFetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Hosts the operator trusts (exact, or `*.example.com`): their addresses are not checked. */
  allowedDomains: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** How many redirects are followed (3 unless told); 0: none, a redirect answer is refused. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  contentType: string;
  body: string;
}

export class BlockedRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedRequestError';
  }
}

export function isAllowedDomain(host: string, allowedDomains: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowedDomains.some((domain) => (domain.startsWith('*.') ? name.endsWith(domain.slice(1)) : name === domain.replace(/^\[|\]$/g, '')));
}

/** Resolves like the system resolver, then refuses the host unless every address is public. */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (!allowed && (addresses.length === 0 || internal)) {
        return callback(new BlockedRequestError(`${hostname} resolves to an internal address`), '', 0);
      }
      const first = addresses[0]!;
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** Refuses what can be judged before connecting: the scheme, and a host that is itself an internal address. */
export function checkUrl(url: URL, allowedDomains: readonly string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedRequestError(`Only http and https URLs can be called, not ${url.protocol}`);
  if (url.username || url.password) throw new BlockedRequestError('URLs with credentials are not called');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowedDomain(host, allowedDomains)) return;
  if (isIP(host) && isInternalAddress(host)) throw new BlockedRequestError(`${host} is an internal address`);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) throw new BlockedRequestError(`${host} is an internal host`);
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const allowed = isAllowedDomain(url.hostname, options.allowedDomains);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method: options.method, headers: options.headers, lookup: guardedLookup(allowed), signal }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new BlockedRequestError(`The response is larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

export async function safeFetch(target: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = new URL(target);
  let { method, body } = options;
  let headers = { ...options.headers };
  const firstOrigin = url.origin;
  for (let hop = 0; ; hop++) {
    checkUrl(url, options.allowedDomains);
    let response;
    try {
      response = await requestOnce(url, { ...options, method, body, headers }, signal);
    } catch (error) {
      if (timeout.aborted) throw new BlockedRequestError(`No answer within ${options.timeoutMs / 1000} s`);
      throw error;
    }
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) {
      return { status: response.status, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
    }
    const maxRedirects = options.maxRedirects ?? 3;
    if (maxRedirects === 0) throw new BlockedRequestError(`The server answered ${response.status} (a redirect), which this request does not follow`);
    if (hop >= maxRedirects) throw new BlockedRequestError('Too many redirects');
    url = new URL(location, url);
    // 307 and 308 repeat the request; the others continue with a GET.
    if (response.status !== 307 && response.status !== 308) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
    }
    if (url.origin !== firstOrigin) {
      // A repeated body is as much the action's as its headers (an OAuth token request carries the
      // client secret, the code and the refresh token in it): it is never sent to another origin.
      if (body !== undefined) throw new BlockedRequestError(`The server answered ${response.status} to another origin (${url.origin}); the request, with its body, is not sent there`);
      // The action's credentials belong to its own origin only (a redirect to http:// of the same host loses them too).
      headers = {};
    }
  }
}
