import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { EmbeddedEndpoints } from './embedded-services.ts';

/**
 * Vitest global setup for the functions project: starts the embedded servers once, in a child
 * process, and hands their endpoints to the test files (`inject('embeddedServers')`, read and
 * typed in test-stack.ts). Booting them per file cost seconds a file; a table per file keeps files apart.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The code runner's sandbox Node, fetched once (decision 0025): the code-runner tests need it.
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/ensure-sandbox-node.mjs', import.meta.url))], { stdio: 'inherit' });
  const child = fork(new URL('./embedded-servers-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  const exited = once(child, 'exit');
  const [endpoints] = (await Promise.race([
    once(child, 'message'),
    exited.then(([code]) => Promise.reject(new Error(`The embedded servers' process exited with ${String(code)} before it started`))),
  ])) as [EmbeddedEndpoints];
  project.provide('embeddedServers', endpoints);
  return async () => {
    child.disconnect();
    await exited;
  };
}
