import { buildPath, type RouteDef } from '@meld/shared';
import fc from 'fast-check';
import { maxedArbitraryFor, validArbitraryFor } from './derive.ts';
import { EXTRA_QUERIES, fieldPoison, MALFORMED_BODIES, MALFORMED_MULTIPART, PATH_POISONS, pollutingObject, queryPoison } from './poisons.ts';

/** One bad request: where it goes, what it carries, and a short label for failures. */
export interface Attempt {
  label: string;
  path: string;
  body?: string;
  /** null: no Content-Type header at all. */
  contentType?: string | null;
}

/** fast-check prints counterexamples with this: the label, never a megabyte of body. */
function attempt(fields: Attempt): Attempt {
  return Object.assign(fields, { [fc.toStringMethod]: () => fields.label });
}

/** Every path inside a value (object keys and array indexes, a few levels down), the root included. */
function pathsIn(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const paths = [prefix];
  if (depth >= 3 || typeof value !== 'object' || value === null) return paths;
  for (const [key, child] of Object.entries(value)) paths.push(...pathsIn(child, [...prefix, Array.isArray(value) ? Number(key) : key], depth + 1));
  return paths;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/**
 * A valid-shaped body (derived from the route's schema) with one field, at any depth, replaced by
 * a poison; or with prototype-pollution keys added beside its fields.
 */
export function mutatedBodies(route: RouteDef, path: string): fc.Arbitrary<Attempt> {
  const valid = route.body ? validArbitraryFor(route.body) : fc.constant({});
  const replaced = valid.chain((sample) =>
    fc.record({ sample: fc.constant(sample), at: fc.constantFrom(...pathsIn(sample)), poison: fieldPoison }).map(({ sample, at, poison }) =>
      attempt({ label: `${poison.label} at ${at.join('.') || 'body'}`, path, body: JSON.stringify(replaceAt(sample, at, poison.value)), contentType: 'application/json' }),
    ),
  );
  const polluted = valid.map((sample) =>
    attempt({ label: 'prototype keys beside valid fields', path, body: JSON.stringify(Object.assign(pollutingObject(), sample)), contentType: 'application/json' }),
  );
  return fc.oneof({ weight: 5, arbitrary: replaced }, { weight: 1, arbitrary: polluted });
}

/** The same for every run: malformed JSON and multipart, a valid-shaped body under content types the API does not take, and one at the schema's maximum sizes. */
export function fixedAttempts(route: RouteDef, path: string): Attempt[] {
  const sample = route.body ? JSON.stringify(fc.sample(validArbitraryFor(route.body), { seed: 1, numRuns: 1 })[0]) : '{}';
  // A route without a JSON body never parses one: a few kinds show it ignores them (or its multipart reader refuses them).
  const bodies = route.body ? MALFORMED_BODIES : MALFORMED_BODIES.filter((body) => body === '{' || body === 'null' || body.length > 1000);
  return [
    ...bodies.map((body) => attempt({ label: `malformed ${JSON.stringify(body.slice(0, 16))}`, path, body, contentType: 'application/json' })),
    attempt({ label: 'text/plain', path, body: sample, contentType: 'text/plain' }),
    attempt({ label: 'form-encoded', path, body: 'a=1&b=%7B%7D&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' }),
    attempt({ label: 'multipart without boundary', path, body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nhi\r\n--x--', contentType: 'multipart/form-data' }),
    attempt({ label: 'multipart with a wrong boundary', path, body: '--x\r\n\r\nhi', contentType: 'multipart/form-data; boundary=nope' }),
    attempt({ label: 'no content type', path, body: sample, contentType: null }),
    ...(route.body ? [attempt({ label: 'every field present, strings at their maximum', path, body: JSON.stringify(fc.sample(maxedArbitraryFor(route.body), { seed: 1, numRuns: 1 })[0]), contentType: 'application/json' })] : []),
    ...MALFORMED_MULTIPART.map(({ label, body }) => attempt({ label, path, body, contentType: 'multipart/form-data; boundary=fz' })),
  ];
}

/** A valid-shaped query with one value poisoned, or an extra parameter aimed at the parser. */
export function mutatedQueries(route: RouteDef, path: string): fc.Arbitrary<Attempt> {
  const valid = (route.query ? validArbitraryFor(route.query) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>;
  const encode = (entries: [string, unknown][]) => entries.map(([key, value]) => `${encodeURIComponent(key)}=${uriEncode(String(value))}`).join('&');
  return valid.chain((sample) => {
    const entries = Object.entries(sample ?? {});
    const keys = [...new Set([...entries.map(([key]) => key), ...queryKeysOf(route)])];
    const poisoned = fc.record({ key: keys.length ? fc.constantFrom(...keys) : fc.constant('q'), poison: queryPoison }).map(({ key, poison }) => {
      const rest = encode(entries.filter(([name]) => name !== key));
      const value = poison.raw ? poison.value : uriEncode(poison.value);
      return attempt({ label: `query ${key}: ${poison.label}`, path: `${path}?${[rest, `${encodeURIComponent(key)}=${value}`].filter(Boolean).join('&')}` });
    });
    const extra = fc.constantFrom(...EXTRA_QUERIES).map((query) => attempt({ label: `query ${query}`, path: `${path}?${[encode(entries), query].filter(Boolean).join('&')}` }));
    return fc.oneof({ weight: 3, arbitrary: poisoned }, { weight: 1, arbitrary: extra });
  });
}

/** encodeURIComponent throws on a lone surrogate; a browser sends U+FFFD's bytes for one (the raw poisons send the bad bytes). */
function uriEncode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function queryKeysOf(route: RouteDef): string[] {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Each path parameter in turn poisoned, the others real. */
export function pathAttempts(route: RouteDef, realParams: Record<string, string>): Attempt[] {
  const names = Object.keys(realParams);
  return names.flatMap((name) =>
    PATH_POISONS.map((poison) => {
      const marker = `__${name}__`;
      const path = buildPath(route.path, { ...realParams, [name]: marker }).replace(marker, poison.raw ? poison.value : encodeURIComponent(poison.value));
      return attempt({ label: `path ${name}: ${poison.label}`, path });
    }),
  );
}
