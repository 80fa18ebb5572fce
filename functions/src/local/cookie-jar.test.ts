import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.ts';

describe('the test cookie jar', () => {
  it('sends a cookie only under its Path, most specific first', () => {
    const jar = new CookieJar();
    jar.store(['meld_refresh=r1; Path=/api/auth; HttpOnly; Secure', 'theme=dark; Path=/'], '/api/auth/login');
    expect(jar.header('/api/auth/refresh')).toBe('meld_refresh=r1; theme=dark');
    expect(jar.header('/api/auth')).toBe('meld_refresh=r1; theme=dark');
    expect(jar.header('/api/authx')).toBe('theme=dark');
    expect(jar.header('/api/user')).toBe('theme=dark');
  });

  it('defaults the Path to the directory of the request', () => {
    const jar = new CookieJar();
    jar.store(['a=1'], '/api/auth/login');
    expect(jar.header('/api/auth/refresh')).toBe('a=1');
    expect(jar.header('/api/user')).toBeUndefined();
  });

  it('replaces a cookie set again and deletes one cleared by Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar();
    jar.store(['a=1; Path=/', 'b=2; Path=/'], '/');
    jar.store(['a=3; Path=/'], '/');
    expect(jar.get('a')).toBe('3');
    jar.store(['a=; Path=/; Max-Age=0', 'b=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], '/');
    expect(jar.header('/')).toBeUndefined();
  });

  it('lets Max-Age win over Expires and forgets cookies once they expire', () => {
    const jar = new CookieJar();
    const now = Date.parse('2026-01-01T00:00:00Z');
    jar.store(['a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], '/', now);
    expect(jar.header('/', now + 59_000)).toBe('a=1');
    expect(jar.header('/', now + 61_000)).toBeUndefined();
  });
});
