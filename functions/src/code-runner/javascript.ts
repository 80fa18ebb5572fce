import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { deadlineMessage, type SandboxLimits } from './limits.ts';
import type { RunOutcome } from './protocol.ts';

/** Where console output goes: the sandbox process streams it to the parent, up to the cap. */
export interface OutputSinks {
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
}

/** Text of a value the program logged or returned: strings as they are, the rest as JSON. */
function show(context: QuickJSContext, handle: QuickJSHandle): string {
  const value: unknown = context.dump(handle);
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && 'message' in error) return `${String(error.name)}: ${String(error.message)}`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/**
 * Runs a script in a QuickJS runtime (its own heap, capped) with only `console`: no fetch,
 * require, process or timers exist inside. The interrupt handler stops it at the deadline (the
 * parent kills the process too, should a built-in never yield).
 */
export function runJavaScript(module: QuickJSWASMModule, code: string, limits: SandboxLimits, sinks: OutputSinks): RunOutcome {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limits.javascriptMemoryBytes);
  runtime.setMaxStackSize(1024 * 1024);
  const deadline = Date.now() + limits.deadlineMs;
  let timedOut = false;
  runtime.setInterruptHandler(() => {
    if (Date.now() < deadline) return false;
    timedOut = true;
    return true;
  });
  const context = runtime.newContext();
  try {
    const consoleObject = context.newObject();
    for (const [name, sink] of [['log', sinks.stdout], ['info', sinks.stdout], ['debug', sinks.stdout], ['warn', sinks.stderr], ['error', sinks.stderr]] as const) {
      const fn = context.newFunction(name, (...args) => {
        sink.write(`${args.map((arg) => show(context, arg)).join(' ')}\n`);
      });
      context.setProp(consoleObject, name, fn);
      fn.dispose();
    }
    context.setProp(context.global, 'console', consoleObject);
    consoleObject.dispose();

    const outcome: RunOutcome = { files: [] };
    const evaluated = context.evalCode(code, 'main.js');
    if (evaluated.error) {
      outcome.error = errorText(context.dump(evaluated.error));
      evaluated.error.dispose();
    } else {
      const value = evaluated.value;
      // An async program: settle its jobs, within the same deadline.
      runtime.executePendingJobs();
      const state = context.getPromiseState(value);
      if (state.type === 'rejected') {
        outcome.error = errorText(context.dump(state.error));
        state.error.dispose();
      } else if (state.type === 'fulfilled') {
        if (context.typeof(state.value) !== 'undefined') outcome.result = show(context, state.value);
        if (!state.notAPromise) state.value.dispose();
      }
      value.dispose();
    }
    if (timedOut) {
      outcome.timedOut = true;
      outcome.error = deadlineMessage(limits);
    }
    return outcome;
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
