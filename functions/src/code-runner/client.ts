import { env } from '../config/env.ts';
import type { CodeRunRequest, CodeRunResult } from './types.ts';

export type { CodeRunFile, CodeRunRequest, CodeRunResult } from './types.ts';

export interface RunCodeOptions {
  /** Aborts the run: the caller stops waiting and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Runs one program in the sandbox: in AWS the code-runner Lambda (no network, no permissions),
 * invoked through the Lambda API; locally and in tests the same sandbox processes, started from
 * this one. A program's own failure (an exception, the memory cap, the deadline) is in the result;
 * only the runner's failing is thrown.
 */
export async function runCode(request: CodeRunRequest, options: RunCodeOptions = {}): Promise<CodeRunResult> {
  const functionName = env.codeRunnerFunction();
  if (functionName) {
    const { invokeCodeRunner } = await import('./invoke.ts');
    return invokeCodeRunner(functionName, request, options.signal);
  }
  const { localSandbox } = await import('./local-sandbox.ts');
  return localSandbox().run(request, options.signal);
}
