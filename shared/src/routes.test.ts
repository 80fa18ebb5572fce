import { describe, expect, it } from 'vitest';
import { buildPath, matchPath } from './route-paths.ts';
import { routeList, routes } from './routes.ts';
import { functionTimeoutSeconds, HTTP_API_INTEGRATION_TIMEOUT_SECONDS } from './function-defaults.ts';

describe('route table', () => {
  it('declares each method and path once', () => {
    const keys = routeList.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route a handler module under an area folder and an auth level', () => {
    for (const route of routeList) {
      // An area folder, optionally one sub-folder (auth/2fa/verify).
      expect(route.handler).toMatch(/^[a-z-]+\/([a-z0-9-]+\/)?[a-z-]+$/);
      expect(['public', 'user', 'admin', 'mentor-token']).toContain(route.auth);
    }
  });

  it('keeps the signed-in user route behind authentication', () => {
    expect(routes.getUser.auth).toBe('user');
  });
});

describe('matchPath', () => {
  it('returns decoded parameters for a matching path', () => {
    expect(matchPath('/api/convos/{id}', '/api/convos/a%20b')).toEqual({ id: 'a b' });
  });

  it('rejects paths of another length, other literals or empty parameters', () => {
    expect(matchPath('/api/convos/{id}', '/api/convos')).toBeNull();
    expect(matchPath('/api/convos/{id}', '/api/presets/1')).toBeNull();
    expect(matchPath('/api/convos/{id}', '/api/convos/')).toBeNull();
  });

  it('rejects malformed percent-encoding instead of throwing', () => {
    expect(matchPath('/api/convos/{id}', '/api/convos/%E0%A4%A')).toBeNull();
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/share/{id}', { id: 'a/b' })).toBe('/api/share/a%2Fb');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => buildPath('/api/share/{id}')).toThrow(/Missing path parameter id/);
  });
});

describe("the route functions' timeouts", () => {
  it('give every buffered route less than the 30 s API Gateway waits, so its own timeout is the one that bites', () => {
    const over = routeList.filter((route) => !route.streaming && functionTimeoutSeconds(route) >= HTTP_API_INTEGRATION_TIMEOUT_SECONDS);
    expect(over.map((route) => `${route.handler} ${functionTimeoutSeconds(route)} s`)).toEqual([]);
  });
});
