import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { clip, type SandboxLimits } from './limits.ts';
import type { CodeRunResult } from './types.ts';

let quickJs: Promise<QuickJSWASMModule> | undefined;

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
 * Runs a script in a fresh QuickJS runtime (its own heap, capped) with only `console`: no fetch,
 * require, process or timers exist inside. The interrupt handler stops it at the deadline.
 */
export async function runJavaScript(code: string, limits: SandboxLimits, onStart?: () => void): Promise<CodeRunResult> {
  const module = await (quickJs ??= newQuickJSWASMModuleFromVariant(variant));
  onStart?.();
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
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const consoleObject = context.newObject();
    for (const [name, sink] of [['log', stdout], ['info', stdout], ['debug', stdout], ['warn', stderr], ['error', stderr]] as const) {
      const fn = context.newFunction(name, (...args) => {
        sink.push(args.map((arg) => show(context, arg)).join(' '));
      });
      context.setProp(consoleObject, name, fn);
      fn.dispose();
    }
    context.setProp(context.global, 'console', consoleObject);
    consoleObject.dispose();

    const outcome: CodeRunResult = { stdout: '', stderr: '', timedOut: false, files: [] };
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
        if (context.typeof(state.value) !== 'undefined') outcome.result = clip(show(context, state.value), limits.outputChars);
        if (!state.notAPromise) state.value.dispose();
      }
      value.dispose();
    }
    outcome.stdout = clip(stdout.join('\n'), limits.outputChars);
    outcome.stderr = clip(stderr.join('\n'), limits.outputChars);
    if (timedOut) {
      outcome.timedOut = true;
      outcome.error = `Stopped: the program ran longer than ${limits.deadlineMs / 1000} s`;
    }
    return outcome;
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
