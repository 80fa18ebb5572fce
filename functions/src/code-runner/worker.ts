import { parentPort } from 'node:worker_threads';
import { runJavaScript } from './javascript.ts';
import type { SandboxLimits } from './limits.ts';
import { runPython, warmPython } from './python.ts';
import type { CodeRunRequest, CodeRunResult } from './types.ts';

/** A run the parent asks for; `interrupt` is shared memory the parent sets at the deadline. */
export interface WorkerRequest {
  id: number;
  request: CodeRunRequest;
  limits: SandboxLimits;
  interrupt: Int32Array;
}
/** `started`: the program itself starts now (its interpreter is loaded); the deadline counts from here. */
export type WorkerReply = { id: number; started: true } | { id: number; result: CodeRunResult } | { id: number; failure: string };

interface GrowableMemory {
  buffer: ArrayBuffer;
  grow(delta: number): number;
}

/**
 * The sandbox's thread (decision 0025). Before any program runs it takes away what could reach
 * the network (fetch, WebSocket and friends) and caps every WebAssembly memory, Pyodide's
 * included: a growth past the cap fails, which Python raises as MemoryError.
 */
function harden(pythonMemoryBytes: number): void {
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'Headers', 'FormData']) {
    Reflect.deleteProperty(globalThis, name);
  }
  // The functions' TypeScript has no WebAssembly types (no DOM lib): the two members used here.
  const memory = (globalThis as unknown as { WebAssembly: { Memory: { prototype: GrowableMemory } } }).WebAssembly.Memory.prototype;
  const grow = memory.grow;
  memory.grow = function (this: GrowableMemory, delta: number) {
    if (this.buffer.byteLength + delta * 65_536 > pythonMemoryBytes) throw new RangeError('The sandbox memory limit is reached');
    return grow.call(this, delta);
  };
}

async function run(message: WorkerRequest, onStart: () => void): Promise<CodeRunResult> {
  if (message.request.lang === 'javascript') return runJavaScript(message.request.code, message.limits, onStart);
  return runPython(message.request.code, message.limits, message.interrupt, onStart);
}

if (parentPort) {
  const port = parentPort;
  let hardened = false;
  port.on('message', (message: WorkerRequest | { warm: SandboxLimits }) => {
    if (!hardened) {
      harden('warm' in message ? message.warm.pythonMemoryBytes : message.limits.pythonMemoryBytes);
      hardened = true;
    }
    if ('warm' in message) {
      // Loads Pyodide before the first Python run arrives; a failure shows on that run.
      warmPython().catch(() => undefined);
      return;
    }
    run(message, () => port.postMessage({ id: message.id, started: true } satisfies WorkerReply)).then(
      (result) => port.postMessage({ id: message.id, result } satisfies WorkerReply),
      (error: unknown) => port.postMessage({ id: message.id, failure: error instanceof Error ? error.message : String(error) } satisfies WorkerReply),
    );
  });
}
