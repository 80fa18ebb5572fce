import type { BucketName, RouteDef } from '@meld/shared';

/** Buckets a route's function can be granted; each also becomes an environment variable. */
export type { BucketName };

/** Secrets a route's function can be granted besides the JWT key every function reads. */
export type SecretName = NonNullable<NonNullable<RouteDef['lambda']>['secrets']>[number];

/**
 * A route as the stack reads it: the shared route definition, whose `lambda` block names the
 * bucket folders the handler touches. Without them, a function gets no bucket access.
 */
export type InfraRoute = RouteDef & { name: string };

/** A CloudFormation-friendly id from a route name: `validateSignupCode` -> `ValidateSignupCode`. */
export function constructId(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * The area a route belongs to: the first segment of its path after `/api` (`/api/convos/{id}`
 * -> `convos`, `/health` -> `health`). Each area's routes share one nested
 * stack (docs/decisions/0007), so the area depends on nothing but the route's own path: adding a
 * route never moves another one.
 */
export function routeArea(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const area = segments[0] === 'api' ? segments[1] : segments[0];
  if (!area || area.startsWith('{')) throw new Error(`Route path ${path} has no fixed first segment to name its area`);
  return area;
}

/** Routes grouped by area, areas and routes in table order. */
export function routesByArea(routes: readonly InfraRoute[]): Map<string, InfraRoute[]> {
  const areas = new Map<string, InfraRoute[]>();
  for (const route of routes) {
    const area = routeArea(route.path);
    areas.set(area, [...(areas.get(area) ?? []), route]);
  }
  return areas;
}

/** CloudFront path patterns have no parameters: each `{param}` segment becomes a `*` wildcard. */
export function cloudFrontPathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}
