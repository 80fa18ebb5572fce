import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The sandbox process's module and the interpreters' files it may read (and nothing else). */
export interface ChildFiles {
  entry: string;
  pyodideIndex: string;
  quickjsVariant: string;
  /** Where the parent keeps what it derives once (the Python snapshot); the child never writes. */
  cacheDir: string;
  /** Directories and files the child is granted read access to. */
  readable: string[];
}

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * The child's module as one JavaScript file: in AWS the bundle infra built beside the handler
 * (`code-runner-child.mjs`); from the TypeScript sources (npm start, tests) bundled here with
 * esbuild once per content, into node_modules/.cache, since a permission-fenced process cannot
 * load TypeScript through a loader of its own.
 */
function localCacheDir(): string {
  return join(packageDir('pyodide'), '..', '.cache', 'meld-code-runner');
}

async function entryFile(): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./code-runner-child.mjs', import.meta.url));
  // Named through a variable so the Lambda bundles, which never take this branch, leave esbuild out.
  const bundler = 'esbuild';
  const { build } = (await import(bundler)) as typeof import('esbuild');
  const output = await build({
    entryPoints: [fileURLToPath(new URL('./sandbox-child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = output.outputFiles[0]?.contents;
  if (!code) throw new Error('The sandbox module did not build');
  const dir = localCacheDir();
  const file = join(dir, `sandbox-child-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Another test worker may build the same file at once: write aside, then rename into place.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}

let files: Promise<ChildFiles> | undefined;

export function childFiles(): Promise<ChildFiles> {
  files ??= entryFile().then((entry) => {
    const pyodide = packageDir('pyodide');
    const quickjs = packageDir('@jitl/quickjs-wasmfile-release-sync');
    return {
      entry,
      pyodideIndex: `${pyodide}/`,
      quickjsVariant: join(quickjs, 'dist', 'index.mjs'),
      // The Lambda's code is read-only: its /tmp there, in a directory new to this process, so a
      // snapshot is always made by this process and never taken from one a runtime before it left
      // (a run may kill its handler, and /tmp outlives a runtime's restart).
      cacheDir: import.meta.url.endsWith('.ts') ? localCacheDir() : mkdtempSync(join(tmpdir(), 'meld-code-runner-')),
      readable: [entry, pyodide, quickjs, packageDir('@jitl/quickjs-ffi-types')],
    };
  });
  return files;
}
