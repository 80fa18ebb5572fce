interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Epoch ms; session cookies have none. */
  expiresAt?: number;
}

/**
 * Just enough of a browser's cookie store (RFC 6265) for API tests on one host: Path scoping,
 * Max-Age and Expires, and deletion by either. Domain, Secure and SameSite are not enforced,
 * since tests talk plain HTTP to 127.0.0.1 while the handlers mark cookies Secure.
 */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Applies the Set-Cookie lines of a response to a request for `requestPath`. */
  store(setCookies: readonly string[], requestPath: string, now = Date.now()): void {
    for (const line of setCookies) {
      const cookie = parseSetCookie(line, requestPath, now);
      if (!cookie) continue;
      const key = `${cookie.path}\n${cookie.name}`;
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) this.#cookies.delete(key);
      else this.#cookies.set(key, cookie);
    }
  }

  /** The Cookie header a browser would send to `requestPath`, most specific path first. */
  header(requestPath: string, now = Date.now()): string | undefined {
    const matching = [...this.#cookies.values()]
      .filter((cookie) => (cookie.expiresAt === undefined || cookie.expiresAt > now) && pathMatches(requestPath, cookie.path))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  get(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.#cookies.set(`${path}\n${name}`, { name, value, path });
  }

  delete(name: string): void {
    for (const [key, cookie] of this.#cookies) if (cookie.name === name) this.#cookies.delete(key);
  }

  clear(): void {
    this.#cookies.clear();
  }
}

function parseSetCookie(line: string, requestPath: string, now: number): StoredCookie | undefined {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq).trim();
  if (eq < 1 || !name) return undefined;
  const cookie: StoredCookie = { name, value: pair.slice(eq + 1).trim(), path: defaultPath(requestPath) };
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires' && !Number.isNaN(Date.parse(value))) expires = Date.parse(value);
  }
  // Max-Age wins over Expires when both are present.
  if (maxAge !== undefined) cookie.expiresAt = maxAge <= 0 ? 0 : now + maxAge * 1000;
  else if (expires !== undefined) cookie.expiresAt = expires;
  return cookie;
}

/** RFC 6265 §5.1.4: the request path up to, not including, its last slash. */
function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
