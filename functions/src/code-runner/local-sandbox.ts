import { isolation, type Isolation } from './isolation.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxPool, type PoolOptions } from './sandbox-pool.ts';

let pool: SandboxPool | undefined;

/**
 * In the code-runner Lambda a run shares the server's user and PID space (no namespaces there),
 * so it could signal a waiting spare and spoil the next member's run: there every run starts its
 * own process once the last one is gone, and no spare waits (decision 0025).
 */
export function poolOptions(fence: Isolation | string): PoolOptions {
  const shared = typeof fence !== 'string' && fence.network === 'lambda-vpc';
  return shared ? { spares: 0, concurrency: 1 } : { spares: 1, concurrency: 4 };
}

/** The process's one sandbox pool (the local runtime, tests, and the code-runner Lambda). */
export function localSandbox(): SandboxPool {
  pool ??= new SandboxPool(DEFAULT_LIMITS, poolOptions(isolation()));
  return pool;
}
