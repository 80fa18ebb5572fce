import { createHash } from 'node:crypto';
import { buildPath, type RouteDef, type RouteName } from '@meld/shared';
import fc from 'fast-check';
import { expect } from 'vitest';
import { fixedAttempts, mutatedBodies, mutatedQueries, pathAttempts, type Attempt } from './attempts.ts';
import { realParams, type Caller, type World } from './fixtures.ts';
import { POLLUTION_KEY } from './poisons.ts';
import { refusalOracle } from './snapshot.ts';

/** Fixed, so a failure reproduces; fast-check prints it (and the failing attempt's label) with the counterexample. */
export const FUZZ_SEED = Number(process.env.MELD_FUZZ_SEED ?? 1_207_2026);
/** Generated bodies per route (queries get half): with the fixed attempts about 40 requests a route, the suite a few minutes on 2 cores. */
export const BODY_RUNS = Number(process.env.MELD_FUZZ_RUNS ?? 12);

/** A stack frame, a source path or a module path in a response: what an unhandled error would leak. */
const LEAK = /\bat [\w.<>]+ \(|\bat (file:|node:|\/)|\/src\/|node_modules|\.ts:\d/;

/**
 * The statuses a refusal may take. 400 bad input, 413 too large; 401 a credential in the body
 * that does not hold (login, 2FA, reset links, a mentor token); 403 a member on an admin route or
 * without the permission the action needs; 404 an id that is not the caller's (or a path no route
 * has); 409 and 422 a well-formed body the current state refuses (no model configured, a name taken,
 * a file that is not what it claims); 429 a rate limit; 405 a `..` in the path that resolves to
 * another route's path, which takes other methods; 410 a retired chat endpoint (decision 0005).
 */
const REFUSALS = [400, 401, 403, 404, 405, 409, 410, 413, 422, 429];

/** Browser navigations (social and action sign-in, decision 0010): a refusal is a page for a person, not JSON. */
const NAVIGATIONS: ReadonlySet<RouteName> = new Set(['oauthCallback', 'oauthStart', 'actionOAuthCallback']);

function callerFor(route: RouteDef, world: World): Caller | undefined {
  if (route.auth === 'admin') return world.admin;
  if (route.auth === 'user') return world.member;
  return undefined;
}

/**
 * Sends every kind of bad input to one route and checks each answer: never a 5xx; a refusal is
 * JSON with a string message, one of REFUSALS, and leaks no stack; no prototype is polluted; and a
 * refused request leaves every stored item as it was. A request the route accepts (a poisoned
 * optional field it ignores, unicode it stores) may change data: the next refusal compares with that
 * (snapshot.ts says how without scanning the table after every request).
 */
export async function fuzzRoute(route: RouteDef & { name: RouteName }, world: World): Promise<void> {
  const params = await realParams(route, world);
  const path = buildPath(route.path, params);
  const caller = callerFor(route, world);
  const oracle = await refusalOracle();

  const send = async (attempt: Attempt) => {
    const headers: Record<string, string> = { ...caller?.headers };
    if (attempt.contentType) headers['content-type'] = attempt.contentType;
    // Streaming routes sit behind CloudFront OAC, which signs the body's SHA-256 as the browser sends it.
    if (route.streaming && attempt.body !== undefined) headers['x-amz-content-sha256'] = createHash('sha256').update(attempt.body).digest('hex');
    const response = await world.client.request(route.method, attempt.path, { headers, ...(attempt.body === undefined ? {} : { body: attempt.body }) });
    const where = `${route.method} ${route.path}, ${attempt.label} (seed ${FUZZ_SEED})`;

    expect(response.status, where).toBeLessThan(500);
    if (response.status >= 400) {
      expect(REFUSALS, `${where}: ${response.text.slice(0, 300)}`).toContain(response.status);
      if (!NAVIGATIONS.has(route.name)) expect(typeof (response.json as { message?: unknown } | undefined)?.message, `${where}: ${response.text.slice(0, 300)}`).toBe('string');
      expect(response.text, where).not.toMatch(LEAK);
    }
    expect(Object.hasOwn(Object.prototype, POLLUTION_KEY), `${where}: Object.prototype polluted`).toBe(false);
    expect(({} as Record<string, unknown>)[POLLUTION_KEY], `${where}: Object.prototype polluted`).toBeUndefined();

    await oracle.check(response, where);
  };

  for (const attempt of [...fixedAttempts(route, path), ...pathAttempts(route, params)]) await send(attempt);
  const settings = { seed: FUZZ_SEED, endOnFailure: true };
  // A route without a body schema ignores its body (or reads it as multipart): a few runs show that holds.
  await fc.assert(fc.asyncProperty(mutatedBodies(route, path), send), { ...settings, numRuns: route.body ? BODY_RUNS : 4 });
  if (route.query) await fc.assert(fc.asyncProperty(mutatedQueries(route, path), send), { ...settings, numRuns: Math.ceil(BODY_RUNS / 2) });
  await oracle.finish(`${route.method} ${route.path} (seed ${FUZZ_SEED})`);
}
