/** Route paths (`/api/convos/{id}`): filling their `{param}` placeholders, and matching a concrete path against one. */

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** A route path's segments, each a literal or a `{param}` name: parsed once, as the local gateway matches every request against every route. */
const patternSegments = new Map<string, ReadonlyArray<{ literal: string } | { param: string }>>();

function segmentsOf(pattern: string): ReadonlyArray<{ literal: string } | { param: string }> {
  let segments = patternSegments.get(pattern);
  if (!segments) {
    segments = pattern.split('/').map((part) => {
      const placeholder = /^\{(\w+)\}$/.exec(part);
      return placeholder ? { param: placeholder[1]! } : { literal: part };
    });
    patternSegments.set(pattern, segments);
  }
  return segments;
}

/** Matches a concrete path against a route path; returns the decoded params or null. */
export function matchPath(pattern: string, actual: string): Record<string, string> | null {
  const segments = segmentsOf(pattern);
  const actualParts = actual.split('/');
  if (segments.length !== actualParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const got = actualParts[i]!;
    if ('param' in segment) {
      if (got === '') return null;
      try {
        params[segment.param] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (segment.literal !== got) {
      return null;
    }
  }
  return params;
}
