import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ChildFiles } from './child-entry.ts';
import type { Isolation } from './isolation.ts';
import type { SandboxLimits } from './limits.ts';
import { SANDBOX_NODE_VERSION } from './sandbox-node.ts';
import { spawnFenced } from './sandbox-process.ts';

/** The most a snapshot may be (Pyodide's is ~30 MB), and how long making one may take. */
const MAX_SNAPSHOT_BYTES = 128 * 1024 * 1024;
const MAKE_TIMEOUT_MS = 120_000;

let snapshot: Promise<string | undefined> | undefined;

/**
 * A memory snapshot of Pyodide as loaded, its prelude run: a process starts from it in about a
 * fifth of a plain load. It is made once per machine (per Lambda instance in AWS), before any
 * program ran, by a process fenced like every other that writes it to its stdout; the parent keeps
 * the file, which no sandbox process can write. Without one (the maker failed) Python loads plainly.
 */
export function pythonSnapshot(isolation: Isolation, files: ChildFiles, limits: SandboxLimits): Promise<string | undefined> {
  snapshot ??= make(isolation, files, limits).catch(() => undefined);
  return snapshot;
}

async function make(isolation: Isolation, files: ChildFiles, limits: SandboxLimits): Promise<string | undefined> {
  const version = (createRequire(import.meta.url)('pyodide/package.json') as { version: string }).version;
  // Made by and for one Pyodide, child module and sandbox Node: a change of any makes a new one.
  const key = createHash('sha256').update(`${version}\n${basename(files.entry)}\n${SANDBOX_NODE_VERSION}`).digest('hex').slice(0, 16);
  const file = join(files.cacheDir, `pyodide-${key}.snapshot`);
  if (existsSync(file)) return file;
  const child = spawnFenced(isolation, files, { lang: 'python', limits, modules: { pyodideIndex: files.pyodideIndex, quickjsVariant: files.quickjsVariant }, pythonSnapshot: 'make' }, [], ['ignore', 'pipe', 'ignore', 'ignore']);
  const chunks: Buffer[] = [];
  let size = 0;
  const bytes = await new Promise<Buffer | undefined>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), MAKE_TIMEOUT_MS);
    timer.unref();
    const stdout = child.stdout as Readable;
    stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SNAPSHOT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size > 0 && size <= MAX_SNAPSHOT_BYTES ? Buffer.concat(chunks) : undefined);
    });
  });
  if (!bytes) return undefined;
  mkdirSync(files.cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, bytes, { mode: 0o644 });
  renameSync(partial, file);
  return file;
}
