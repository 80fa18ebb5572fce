import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** API Gateway v2 hands cookies over as an array of "name=value" strings. */
export function parseCookies(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>): Record<string, string> {
  const pairs = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  const cookies: Record<string, string> = {};
  for (const pair of pairs) {
    const index = pair.indexOf('=');
    if (index < 1) continue;
    const name = pair.slice(0, index).trim();
    const raw = pair.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  sameSite: 'Strict' | 'Lax';
  httpOnly: boolean;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAgeSeconds}`, `Path=${options.path}`, `SameSite=${options.sameSite}`];
  if (options.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
