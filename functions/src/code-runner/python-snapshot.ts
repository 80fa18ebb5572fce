import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** A snapshot as made (or first found), with the digest every later start checks it against. */
interface Snapshot {
  file: string;
  sha256: string;
}

/** Per cache directory (one per machine; a test may use its own). */
const snapshots = new Map<string, Promise<Snapshot | undefined>>();

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A memory snapshot of Pyodide as loaded, its prelude run: a process starts from it in about a
 * fifth of a plain load. It is made once per machine (per Lambda instance in AWS), before any
 * program ran, by a process fenced like every other that writes it to its stdout; the parent keeps
 * the file, read-only, and no sandbox process may write files. Should it change all the same (in
 * the Lambda it lives in /tmp, which the function's user may write, and a review once had V8 append
 * to it from a run), no process starts from it: each start checks it against the digest taken when
 * it was made, and a changed file is deleted (the next start makes a new one). Without one (the
 * maker failed, or the file changed) Python loads plainly.
 */
export async function pythonSnapshot(isolation: Isolation, files: ChildFiles, limits: SandboxLimits): Promise<string | undefined> {
  let pending = snapshots.get(files.cacheDir);
  if (!pending) {
    pending = make(isolation, files, limits).catch(() => undefined);
    snapshots.set(files.cacheDir, pending);
  }
  const snapshot = await pending;
  if (!snapshot) return undefined;
  try {
    if (digest(readFileSync(snapshot.file)) === snapshot.sha256) return snapshot.file;
  } catch {
    // Gone or unreadable: made again below.
  }
  if (snapshots.get(files.cacheDir) === pending) snapshots.delete(files.cacheDir);
  rmSync(snapshot.file, { force: true });
  return undefined;
}

async function make(isolation: Isolation, files: ChildFiles, limits: SandboxLimits): Promise<Snapshot | undefined> {
  const version = (createRequire(import.meta.url)('pyodide/package.json') as { version: string }).version;
  // Made by and for one Pyodide, child module and sandbox Node: a change of any makes a new one.
  const key = createHash('sha256').update(`${version}\n${basename(files.entry)}\n${SANDBOX_NODE_VERSION}`).digest('hex').slice(0, 16);
  const file = join(files.cacheDir, `pyodide-${key}.snapshot`);
  // Made by an earlier server on this machine (locally: node_modules/.cache, out of the sandboxes' reach).
  if (existsSync(file)) return { file, sha256: digest(readFileSync(file)) };
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
  writeFileSync(partial, bytes, { mode: 0o444 });
  renameSync(partial, file);
  return { file, sha256: digest(bytes) };
}
