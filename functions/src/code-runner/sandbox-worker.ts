import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.ts';
import type { CodeRunRequest, CodeRunResult } from './types.ts';
import type { WorkerReply, WorkerRequest } from './worker.ts';

/** How long past the deadline a run may take to stop by itself before its thread is ended. */
const GRACE_MS = 1500;
/** Loading the interpreter (Pyodide's cold start) may take this long before the program starts. */
const LOAD_TIMEOUT_MS = 60_000;
/** Python's SIGINT: the interrupt buffer's value that raises KeyboardInterrupt. */
const SIGINT = 2;

/**
 * Starts the worker's module: the bundled file beside the code-runner Lambda's handler in AWS
 * (infra builds both); under tsx and in tests the TypeScript source, through tsx's loader, which
 * a Node 20 worker does not inherit.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./code-runner-worker.mjs', import.meta.url), { env: {} });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, env: {} });
}

/**
 * One warm sandbox thread: Pyodide stays loaded between runs, runs go one at a time. A run past
 * its deadline is interrupted (Python) or stops itself (QuickJS's interrupt handler); one that
 * does not stop within the grace time, or whose caller aborts, ends the thread, and the next
 * run gets a fresh one.
 */
export class SandboxWorker {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private lastError: string | undefined;

  constructor(private readonly limits: SandboxLimits = DEFAULT_LIMITS) {}

  /** Starts the thread and loads Pyodide in it, so the first run does not wait for either. */
  warm(): void {
    this.thread();
  }

  run(request: CodeRunRequest, signal?: AbortSignal): Promise<CodeRunResult> {
    const next = this.queue.then(() => this.runNow(request, signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Ends the thread (tests, shutdown). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('error', (error) => {
      this.lastError = error.message;
      this.forget(worker);
    });
    worker.on('exit', () => this.forget(worker));
    worker.postMessage({ warm: this.limits });
    this.worker = worker;
    return worker;
  }

  private forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }

  private runNow(request: CodeRunRequest, signal?: AbortSignal): Promise<CodeRunResult> {
    signal?.throwIfAborted();
    const worker = this.thread();
    const id = this.nextId++;
    const interrupt = new Int32Array(new SharedArrayBuffer(8));
    return new Promise<CodeRunResult>((resolve, reject) => {
      const timers: NodeJS.Timeout[] = [];
      const finish = () => {
        for (const timer of timers) clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const stop = (outcome: () => void) => {
        finish();
        this.forget(worker);
        void worker.terminate();
        outcome();
      };
      const timeUp = () => stop(() => resolve({ stdout: '', stderr: '', error: `Stopped: the program ran longer than ${this.limits.deadlineMs / 1000} s`, timedOut: true, files: [] }));
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        if ('started' in reply) {
          for (const timer of timers.splice(0)) clearTimeout(timer);
          timers.push(
            setTimeout(() => {
              Atomics.store(interrupt, 1, 1);
              Atomics.store(interrupt, 0, SIGINT);
            }, this.limits.deadlineMs),
          );
          timers.push(setTimeout(timeUp, this.limits.deadlineMs + GRACE_MS));
          return;
        }
        finish();
        if ('result' in reply) resolve(reply.result);
        else reject(new Error(`The code runner failed: ${reply.failure}`));
      };
      // A thread that dies mid-run (the program broke the interpreter) ends that run with an
      // error; the next run gets a fresh thread.
      const onExit = (code: number) => {
        finish();
        this.forget(worker);
        const reason = this.lastError ? `: ${this.lastError.split('\n').pop()}` : '';
        resolve({ stdout: '', stderr: '', error: `The sandbox stopped unexpectedly (exit code ${code}${reason})`, timedOut: false, files: [] });
      };
      const onAbort = () => stop(() => reject(signal?.reason instanceof Error ? signal.reason : new Error('The code run was cancelled')));
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      timers.push(setTimeout(() => stop(() => reject(new Error('The code runner did not start in time'))), LOAD_TIMEOUT_MS));
      worker.postMessage({ id, request, limits: this.limits, interrupt } satisfies WorkerRequest);
    });
  }
}
