import { SandboxPool } from './sandbox-pool.ts';

let pool: SandboxPool | undefined;

/** The process's one sandbox pool (the local runtime, tests, and the code-runner Lambda). */
export function localSandbox(): SandboxPool {
  pool ??= new SandboxPool();
  return pool;
}
