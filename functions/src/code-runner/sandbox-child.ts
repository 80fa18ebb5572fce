/**
 * The entry of one sandbox process (decision 0025): it loads one interpreter, tells the parent it
 * is ready, runs the one program that arrives on stdin, reports, and exits. It is never reused.
 *
 * Nothing here is a security boundary. The process is started by `sandbox-process.ts` with an
 * empty environment, Node's permission model (read access to the interpreters' files only, no
 * writes, no child processes, workers, addons or inspector), and, on Linux, in a network
 * namespace of its own, as an unprivileged user, under resource limits. A program that escapes
 * its interpreter into this JavaScript realm holds only what this process holds: nothing.
 */
import { constants as fsConstants, readFileSync, writeSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { pathToFileURL } from 'node:url';
import { clip, type SandboxLimits } from './limits.ts';
import { MESSAGE_FD, type ChildConfig, type ChildMessage, type ChildRequest, type RunOutcome } from './protocol.ts';
import { PYTHON_PRELUDE } from './python-prelude.ts';
import type { CodeRunFile } from './types.ts';

const SCRATCH = '/mnt/data';

function send(message: ChildMessage): void {
  writeSync(MESSAGE_FD, `${JSON.stringify(message)}\n`);
}

/** Streams a program's output to the parent up to the cap, and counts what is left out. */
class OutputSink {
  private sent = 0;
  omitted = 0;
  constructor(
    private readonly stream: 'stdout' | 'stderr',
    private readonly limit: number,
  ) {}

  write(text: string): void {
    const room = this.limit - this.sent;
    if (room <= 0) {
      this.omitted += text.length;
      return;
    }
    const part = text.length > room ? text.slice(0, room) : text;
    this.omitted += text.length - part.length;
    this.sent += part.length;
    send({ type: 'output', stream: this.stream, text: part });
  }
}

interface GrowableMemory {
  buffer: ArrayBuffer;
  grow(delta: number): number;
}

/**
 * Makes a growth of any WebAssembly memory past the cap fail, which Python raises as MemoryError,
 * so a program that asks for too much gets a readable error. The hard cap is the process's data
 * limit, set from outside (a program that undoes this wrapper is killed there instead).
 */
function capWasmMemory(maxBytes: number): void {
  // The functions' TypeScript has no WebAssembly types (no DOM lib): the two members used here.
  const memory = (globalThis as unknown as { WebAssembly: { Memory: { prototype: GrowableMemory } } }).WebAssembly.Memory.prototype;
  const grow = memory.grow;
  memory.grow = function (this: GrowableMemory, delta: number) {
    if (this.buffer.byteLength + delta * 65_536 > maxBytes) throw new RangeError('The sandbox memory limit is reached');
    return grow.call(this, delta);
  };
}

/**
 * Pyodide's file-system glue reads `process.binding('constants')` when it loads, which the
 * permission model refuses (as it refuses every other binding); the same constants come from the
 * public modules.
 */
function allowConstantsBinding(): void {
  // Node's types leave the deprecated process.binding out.
  const host = process as unknown as { binding: (name: string) => unknown };
  const binding = host.binding.bind(process);
  host.binding = (name: string) => (name === 'constants' ? { fs: fsConstants, os: osConstants } : binding(name));
}

async function readRequest(): Promise<ChildRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildRequest;
}

type Runner = (code: string, sinks: { stdout: OutputSink; stderr: OutputSink }) => Promise<RunOutcome>;

async function loadPython(config: ChildConfig): Promise<Runner> {
  allowConstantsBinding();
  capWasmMemory(config.limits.pythonMemoryBytes);
  const { loadPyodide } = (await import(pathToFileURL(`${config.modules.pyodideIndex}pyodide.mjs`).href)) as typeof import('pyodide');
  let sinks: { stdout: OutputSink; stderr: OutputSink } | undefined;
  const snapshot = config.pythonSnapshot;
  const pyodide = await loadPyodide({
    indexURL: config.modules.pyodideIndex,
    ...(snapshot === 'make' ? { _makeSnapshot: true } : snapshot ? { _loadSnapshot: readFileSync(snapshot.load) } : {}),
    // The program sees an empty `js` module; this is convenience, not the boundary.
    jsglobals: Object.create(null) as object,
    stdin: () => null,
    stdout: (line) => sinks?.stdout.write(`${line}\n`),
    stderr: (line) => sinks?.stderr.write(`${line}\n`),
  });
  if (!snapshot || snapshot === 'make') pyodide.runPython(PYTHON_PRELUDE);
  if (snapshot === 'make') {
    const bytes = pyodide.makeMemorySnapshot();
    await new Promise<never>(() => process.stdout.write(bytes, () => process.exit(0)));
  }
  type RunOutput = { toJs(): [string | undefined, string | undefined, [string, number][]]; destroy(): void };
  const run = pyodide.globals.get('_meld_run') as { callPromising(source: string): Promise<RunOutput> };
  return async (code, streams) => {
    sinks = streams;
    // Called so that it may suspend (JSPI, on the sandbox's Node): blocking calls such as
    // time.sleep wait on the event loop instead of failing ("stack switching not supported").
    const proxy = await run.callPromising(code);
    const [value, error, found] = proxy.toJs();
    proxy.destroy();
    const files = pythonFiles(found, config.limits, (path) => pyodide.FS.readFile(path) as Uint8Array, streams.stderr);
    return { ...(value === undefined ? {} : { result: value }), ...(error === undefined ? {} : { error }), files };
  };
}

/** The files a program left in /mnt/data, within the per-run count and sizes. */
function pythonFiles(found: [string, number][], limits: SandboxLimits, read: (path: string) => Uint8Array, stderr: OutputSink): CodeRunFile[] {
  const files: CodeRunFile[] = [];
  let total = 0;
  for (const [name, size] of found) {
    if (files.length >= limits.maxFiles) {
      stderr.write(`Only the first ${limits.maxFiles} files were kept\n`);
      break;
    }
    if (size > limits.maxFileBytes) {
      stderr.write(`${name} is larger than ${limits.maxFileBytes / 1024 / 1024} MB and was not kept\n`);
      continue;
    }
    if (total + size > limits.maxTotalFileBytes) {
      stderr.write(`${name} was not kept: a run keeps at most ${limits.maxTotalFileBytes / 1024 / 1024} MB of files\n`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = read(`${SCRATCH}/${name}`);
    } catch (error) {
      stderr.write(`${name} could not be read and was not kept (${describe(error)})\n`);
      continue;
    }
    total += size;
    files.push({ name, base64: Buffer.from(bytes).toString('base64') });
  }
  return files;
}

/** Emscripten's numbers (not Linux's) for the file-system errors a listed file may meet. */
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'permission denied', 31: 'it is a directory', 44: 'no such file', 63: 'operation not permitted' };

/**
 * What went wrong, readably: Emscripten's file-system errors are not `Error`s (String() gave
 * "[object Object]") but objects with an errno of Emscripten's numbering.
 */
function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  const errno = (error as { errno?: unknown } | null)?.errno;
  if (typeof errno === 'number') return `file system error: ${EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`}`;
  return String(error);
}

async function loadJavaScript(config: ChildConfig): Promise<Runner> {
  const { newQuickJSWASMModuleFromVariant } = await import('quickjs-emscripten-core');
  const variant = ((await import(pathToFileURL(config.modules.quickjsVariant).href)) as { default: Parameters<typeof newQuickJSWASMModuleFromVariant>[0] }).default;
  const module = await newQuickJSWASMModuleFromVariant(variant);
  const { runJavaScript } = await import('./javascript.ts');
  // V8 compiles WebAssembly functions on their first call: pay that here, before the program's
  // clock starts, with a throwaway runtime (each run gets a fresh one anyway).
  const idle = { write: () => undefined };
  runJavaScript(module, 'console.log(JSON.stringify([1, { a: 2 }])); Promise.resolve(1)', config.limits, { stdout: idle, stderr: idle });
  return (code, sinks) => Promise.resolve(runJavaScript(module, code, config.limits, sinks));
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '') as ChildConfig;
  const runner = config.lang === 'python' ? await loadPython(config) : await loadJavaScript(config);
  send({ type: 'ready' });
  const { code } = await readRequest();
  const stdout = new OutputSink('stdout', config.limits.outputChars);
  const stderr = new OutputSink('stderr', config.limits.outputChars);
  let outcome: RunOutcome;
  try {
    outcome = await runner(code, { stdout, stderr });
  } catch (error) {
    outcome = { error: describe(error), files: [] };
  }
  send({
    type: 'done',
    ...(outcome.result === undefined ? {} : { result: clip(outcome.result, config.limits.outputChars) }),
    ...(outcome.error === undefined ? {} : { error: clip(outcome.error, config.limits.outputChars) }),
    ...(outcome.timedOut ? { timedOut: true } : {}),
    files: outcome.files,
    omitted: { stdout: stdout.omitted, stderr: stderr.omitted },
  });
  process.exit(0);
}

main().catch((error: unknown) => {
  try {
    send({ type: 'done', error: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}`, files: [], omitted: { stdout: 0, stderr: 0 } });
  } finally {
    process.exit(1);
  }
});
