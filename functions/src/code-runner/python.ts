import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { PyodideAPI } from 'pyodide';
import { clip, type SandboxLimits } from './limits.ts';
import { PYTHON_PRELUDE } from './python-prelude.ts';
import type { CodeRunFile, CodeRunResult } from './types.ts';

const SCRATCH = '/mnt/data';

interface Interpreter {
  pyodide: PyodideAPI;
  stdout: string[];
  stderr: string[];
}

let interpreter: Promise<Interpreter> | undefined;

/**
 * Loads Pyodide from its own package files (never a CDN: the lock file lists no packages to
 * fetch, and the worker has no fetch). `js` shows the program an empty object instead of the
 * worker's globals, so `from js import fetch` fails.
 */
async function load(): Promise<Interpreter> {
  const { loadPyodide } = await import('pyodide');
  const indexURL = dirname(createRequire(import.meta.url).resolve('pyodide')) + '/';
  const state: Interpreter = { pyodide: undefined as unknown as PyodideAPI, stdout: [], stderr: [] };
  const pyodide = await loadPyodide({
    indexURL,
    jsglobals: Object.create(null) as object,
    stdin: () => null,
    stdout: (line) => state.stdout.push(line),
    stderr: (line) => state.stderr.push(line),
  });
  pyodide.runPython(PYTHON_PRELUDE);
  state.pyodide = pyodide;
  return state;
}

/** Loads the interpreter now (a warm worker does it before the first run arrives). */
export function warmPython(): Promise<void> {
  return (interpreter ??= load()).then(() => undefined);
}

/**
 * Runs a program in the warm interpreter. `onStart` tells the parent the program itself starts
 * (its deadline counts from there, not from loading Pyodide); `interrupt` is the shared flag the
 * parent sets at the deadline (slot 0 the signal, slot 1 a flag that stays): Python then raises KeyboardInterrupt, which ends the run as timed out.
 */
export async function runPython(code: string, limits: SandboxLimits, interrupt?: Int32Array, onStart?: () => void): Promise<CodeRunResult> {
  const { pyodide, stdout, stderr } = await (interpreter ??= load());
  onStart?.();
  stdout.length = 0;
  stderr.length = 0;
  if (interrupt) {
    Atomics.store(interrupt, 0, 0);
    Atomics.store(interrupt, 1, 0);
    pyodide.setInterruptBuffer(interrupt);
  }
  const run = pyodide.globals.get('_meld_run') as (source: string) => Promise<{ toJs(): [string | undefined, string | undefined, [string, number][]]; destroy(): void }>;
  const proxy = await run(code);
  const [value, error, found] = proxy.toJs();
  proxy.destroy();
  // Pyodide clears the signal once raised; the parent's second slot says the deadline passed.
  const timedOut = interrupt ? Atomics.load(interrupt, 1) !== 0 && /KeyboardInterrupt/.test(error ?? '') : false;
  const files: CodeRunFile[] = [];
  for (const [name, size] of found.slice(0, limits.maxFiles)) {
    if (size > limits.maxFileBytes) {
      stderr.push(`${name} is larger than ${limits.maxFileBytes / 1024 / 1024} MB and was not kept`);
      continue;
    }
    files.push({ name, base64: Buffer.from(pyodide.FS.readFile(`${SCRATCH}/${name}`) as Uint8Array).toString('base64') });
  }
  if (found.length > limits.maxFiles) stderr.push(`Only the first ${limits.maxFiles} files were kept`);
  return {
    stdout: clip(stdout.join('\n'), limits.outputChars),
    stderr: clip(stderr.join('\n'), limits.outputChars),
    ...(value === undefined ? {} : { result: clip(value, limits.outputChars) }),
    ...(timedOut ? { error: `Stopped: the program ran longer than ${limits.deadlineMs / 1000} s` } : error === undefined ? {} : { error: clip(error, limits.outputChars) }),
    timedOut,
    files,
  };
}
