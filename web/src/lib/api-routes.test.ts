import { routes } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';

describe('apiRoutes', () => {
  it('mirrors the method, path and auth level of every route in the shared table', () => {
    const fromShared = Object.fromEntries(
      Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path, auth: route.auth }]),
    );
    expect(apiRoutes).toEqual(fromShared);
  });
});
