import type { RouteDef } from '@meld/shared';

/** Buckets a route's function can be granted; each also becomes an environment variable. */
export type BucketName = 'files' | 'audio';

/** Secrets a route's function can be granted besides the JWT key every function reads. */
export type SecretName = NonNullable<NonNullable<RouteDef['lambda']>['secrets']>[number];

/**
 * A route as the stack reads it: the shared route definition, whose `lambda` block may also
 * name the buckets the handler touches. Without that, a function gets no bucket access.
 */
export type InfraRoute = RouteDef & {
  name: string;
  lambda?: RouteDef['lambda'] & { buckets?: readonly BucketName[] };
};

/** A CloudFormation-friendly id from a route name: `validateSignupCode` -> `ValidateSignupCode`. */
export function constructId(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** CloudFront path patterns have no parameters: each `{param}` segment becomes a `*` wildcard. */
export function cloudFrontPathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}
