import { SandboxWorker } from './sandbox-worker.ts';

let sandbox: SandboxWorker | undefined;

/** The process's one warm sandbox thread (the local runtime, tests, and the code-runner Lambda). */
export function localSandbox(): SandboxWorker {
  sandbox ??= new SandboxWorker();
  return sandbox;
}
