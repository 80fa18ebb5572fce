/**
 * The app's Content-Security-Policy has no 'unsafe-eval'. Left to itself, zod compiles object
 * parsers with `new Function` after probing whether eval works, and that probe alone is reported
 * as a CSP violation. zod keeps its settings in `globalThis.__zod_globalConfig` and adopts the
 * object it finds there, so setting `jitless` here, before any parse, costs the login page no
 * bytes of zod (importing `z.config` would pull zod's core into the entry bundle).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });
