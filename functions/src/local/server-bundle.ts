import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { routeList } from '@meld/shared';

/**
 * The local server (`npm start`, the browser tests' apps) runs as one bundle, as each Lambda runs
 * its own (decision 0033): loading the TypeScript sources module by module through tsx cost three
 * times the CPU of a start, and again on each route's first request.
 */
export const SERVER_BUNDLE_DIR = fileURLToPath(new URL('../../dist/local-server/', import.meta.url));
export const SERVER_ENTRY = join(SERVER_BUNDLE_DIR, 'start.js');

/** Node's arguments that run a bundle, as `npm start` does: stack traces point into the TypeScript sources. */
export function serverCommand(entry = SERVER_ENTRY): string[] {
  return ['--enable-source-maps', entry];
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START = fileURLToPath(new URL('./start.ts', import.meta.url));
const ROUTE_MODULES = fileURLToPath(new URL('./route-modules.ts', import.meta.url));

/**
 * Loaded from node_modules at run time, not bundled: packages that read files beside themselves
 * (native addons, WebAssembly, the sandbox's interpreters), the build tool the code runner uses,
 * and what only a rare path loads (pdf.js, YAML), as in the Lambda bundles.
 */
const EXTERNAL = ['dynalite', 's3rver', 'classic-level', 'esbuild', 'pyodide', 'quickjs-emscripten-core', '@jitl/*', 'unpdf', 'yaml'];

/** `require` for the CommonJS packages inside an ESM bundle (as in the Lambda bundles: infra/lib/bundling-options.ts). */
const REQUIRE_BANNER = "import { createRequire as __meldCreateRequire } from 'node:module'; const require = __meldCreateRequire(import.meta.url);";

export interface ServerBuild {
  entry: string;
  /** Every source file in the bundle, relative to the repository root. */
  sources: string[];
}

/** Builds the server into `outdir` (a few seconds). */
export async function buildServer(outdir = SERVER_BUNDLE_DIR): Promise<ServerBuild> {
  const { metafile } = await build({
    entryPoints: { start: START },
    outdir,
    bundle: true,
    // Each route's handler stays a chunk of its own, loaded on its first request as a Lambda's is.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_BANNER },
    sourcemap: true,
    external: EXTERNAL,
    plugins: [sourceLocations(), routeModuleMap()],
    metafile: true,
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
  });
  return { entry: join(outdir, 'start.js'), sources: Object.keys(metafile.inputs) };
}

/** A server bundle in a folder of its own, and how to remove it. */
export interface PrivateServerBuild extends ServerBuild {
  remove: () => void;
}

/**
 * Builds the server into a fresh folder beside the usual one (`<name>-XXXXXX` under
 * functions/dist/, where its packages resolve), for a run that starts its own servers (the browser
 * tests, start.test.ts, the bench): an `npm start` may be serving from the usual folder, and
 * another run may be building its own.
 */
export async function buildPrivateServer(name: string): Promise<PrivateServerBuild> {
  const builds = dirname(SERVER_BUNDLE_DIR);
  mkdirSync(builds, { recursive: true });
  const outdir = mkdtempSync(join(builds, `${name}-`));
  const remove = () => rmSync(outdir, { recursive: true, force: true });
  try {
    return { ...(await buildServer(outdir)), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Our modules find files beside them through `import.meta.url` (the web build, the code runner's
 * child and its cache, the repository's config): in a bundle that would be the bundle's address,
 * so each keeps the address of its source file.
 */
function sourceLocations(): Plugin {
  return {
    name: 'meld-source-locations',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/](functions|shared)[\\/]src[\\/].*\.ts$/ }, (args) => {
        if (args.path === ROUTE_MODULES) return undefined;
        const meta = { url: pathToFileURL(args.path).href, filename: args.path, dirname: dirname(args.path) };
        const contents = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.(url|filename|dirname)\b/g, (_, key: keyof typeof meta) => JSON.stringify(meta[key]));
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** route-modules.ts imports a handler by a computed path; the bundle gets one import per route table entry instead. */
function routeModuleMap(): Plugin {
  const handlers = [...new Set(routeList.map((route) => route.handler))].sort();
  const contents = [
    "import type { HandlerModule } from './gateway.ts';",
    'const modules: Record<string, () => Promise<unknown>> = {',
    ...handlers.map((handler) => `  ${JSON.stringify(handler)}: () => import(${JSON.stringify(`../routes/${handler}.ts`)}),`),
    '};',
    'export function importRouteModule(handler: string): Promise<HandlerModule> {',
    '  const load = modules[handler];',
    '  if (!load) return Promise.reject(new Error(`No handler module ${handler} in the server bundle`));',
    '  return load() as Promise<HandlerModule>;',
    '}',
  ].join('\n');
  return {
    name: 'meld-route-modules',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]local[\\/]route-modules\.ts$/ }, () => ({ contents, loader: 'ts', resolveDir: dirname(ROUTE_MODULES) }));
    },
  };
}
