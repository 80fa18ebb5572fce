import type { CodeRunRequest, CodeRunResult } from './types.ts';

export type { CodeRunFile, CodeRunRequest, CodeRunResult } from './types.ts';

export interface RunCodeOptions {
  /** Aborts the run: the sandbox is stopped and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Runs one program in the sandbox: in AWS the code-runner Lambda (no network, no permissions),
 * invoked through the Lambda API; locally and in tests the same sandbox in a worker thread.
 * A program's own failure (an exception, the memory cap, the deadline) is in the result, not thrown.
 */
export async function runCode(request: CodeRunRequest, options: RunCodeOptions = {}): Promise<CodeRunResult> {
  void request;
  void options;
  throw new Error('The code runner sandbox is not installed in this build');
}
