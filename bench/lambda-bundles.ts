import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { parseAppConfig } from '@meld/shared';
import { esbuildOptions } from '../infra/lib/bundling-options.ts';
import { DEFAULT_APP_CONFIG_PATH, REPO_ROOT, handlerEntry, hasHandler } from '../infra/lib/paths.ts';
import { variantPlanner, type Variant } from './lambda-bundle-variants.ts';

export const BUNDLE_BUDGET_BYTES = 500 * 1024;
const IMPORT_RUNS = 5;
export const OUT_DIR = join(REPO_ROOT, 'bench', 'out');

interface Named {
  handler: string;
  /** The deployment that builds this bundle; empty for the local config's (`lambda-bundle-variants.ts`). */
  variant: string;
}

export type BundleResult = Named &
  (
    | { status: 'missing' }
    | { status: 'build-error'; error: string }
    | { status: 'import-error'; bytes: number; gzipBytes: number; error: string }
    | { status: 'ok'; bytes: number; gzipBytes: number; importMs: number; heaviest: [string, number][]; inputs: string[] }
  );

/** The app config `cdk synth` would read: it decides the constants bundled in. */
const appConfig = parseAppConfig(JSON.parse(readFileSync(DEFAULT_APP_CONFIG_PATH, 'utf8')));

/** The environment the CDK construct gives a function, with placeholder resource names. */
function lambdaLikeEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'eu-west-1',
    MELD_TABLE_NAME: 'meld-bench',
    MELD_JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:meld-bench',
    MELD_APP_CONFIG: JSON.stringify(appConfig),
    POWERTOOLS_SERVICE_NAME: 'meld',
    NODE_OPTIONS: '--enable-source-maps',
  };
}

/**
 * Times only the module load, in a fresh process each run, as a cold start would. The
 * `awslambda` stand-in lets streaming handlers, which wrap themselves at load, be imported.
 */
const IMPORT_PROBE = `
globalThis.awslambda ??= { streamifyResponse: (h) => h, HttpResponseStream: { from: (s) => s } };
const started = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

function timeImport(bundle: string): number {
  const runs: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', IMPORT_PROBE, pathToFileURL(bundle).href], {
      env: lambdaLikeEnv(),
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(child.stderr.trim().split('\n').slice(0, 3).join(' ') || `exit ${child.status}`);
    runs.push(Number(child.stdout));
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
}

/** Bytes in the bundle by package (or by workspace for our own code), largest first. */
function heaviestInputs(metafile: Metafile, outfile: string): [string, number][] {
  const output = Object.entries(metafile.outputs).find(([path]) => join(REPO_ROOT, path) === outfile)?.[1];
  const totals = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0]!;
    totals.set(pkg, (totals.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 5);
}

export async function measureBundle(handler: string, variant: Variant): Promise<BundleResult> {
  const named = { handler, variant: variant.label };
  if (!hasHandler(handler)) return { ...named, status: 'missing' };
  const suffix = variant.label ? `.${variant.label.replace(/\W+/g, '-').toLowerCase()}` : '';
  const outfile = join(OUT_DIR, `${handler}${suffix}.mjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  let metafile: Metafile;
  try {
    const result = await build({ ...esbuildOptions(handlerEntry(handler), outfile, variant.define), absWorkingDir: REPO_ROOT, metafile: true });
    metafile = result.metafile;
  } catch (error) {
    return { ...named, status: 'build-error', error: (error as Error).message };
  }
  const code = readFileSync(outfile);
  const sizes = { bytes: statSync(outfile).size, gzipBytes: gzipSync(code).length };
  try {
    const inputs = Object.keys(metafile.inputs);
    return { ...named, status: 'ok', ...sizes, importMs: timeImport(outfile), heaviest: heaviestInputs(metafile, outfile), inputs };
  } catch (error) {
    return { ...named, status: 'import-error', ...sizes, error: `${relative(REPO_ROOT, outfile)}: ${(error as Error).message}` };
  }
}

/**
 * Every bundle the stack can build: each handler as the local config builds it, then once per
 * deployment that changes a constant it reads. `MELD_BENCH_HANDLERS=ask/ask-openai,agents/agents-chat`
 * measures only those handlers (while working on one).
 */
export async function measureAllBundles(handlers: string[]): Promise<BundleResult[]> {
  const only = process.env.MELD_BENCH_HANDLERS?.split(',').map((name) => name.trim()).filter(Boolean);
  const planner = variantPlanner(appConfig);
  const results: BundleResult[] = [];
  for (const handler of handlers) {
    if (only && !only.includes(handler)) continue;
    const base = await measureBundle(handler, planner.base);
    results.push(base);
    if (base.status !== 'ok') continue;
    for (const variant of planner.variantsFor(base.inputs)) results.push(await measureBundle(handler, variant));
  }
  return results;
}
