import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_BCRYPT_COST_ENV } from '@meld/shared';
import { buildPrivateServer } from '../../functions/src/local/server-bundle.ts';
import { AppBroker } from './app-broker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e files ask for a running app (support/app.ts). */
    appBroker: string;
  }
}

const WEB_BUILD = resolve(import.meta.dirname, '../../web/dist/index.html');
/** Fetches the code runner's sandbox Node once (decision 0025): the apps' code runs need it. */
const ENSURE_SANDBOX_NODE = resolve(import.meta.dirname, '../../scripts/ensure-sandbox-node.mjs');

/**
 * Once per run: the apps the e2e files use are started here on demand and shared by configuration.
 * The web app is built once by the test command (`npm test`, `npm run test:e2e`), never per file;
 * the server bundle here, once.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(WEB_BUILD)) throw new Error('web/dist is not built: run `npm run test:e2e` (it builds once) or `npm run build:web` first');
  execFileSync(process.execPath, [ENSURE_SANDBOX_NODE], { stdio: 'inherit' });
  // The server the apps run, bundled afresh from the sources for each run (never an old build), in
  // a folder of the run's own: `npm start`'s bundle may be serving from the usual one.
  const server = await buildPrivateServer('e2e');
  const broker = new AppBroker(server.entry, {
    // Passwords in these tests guard nothing: a low bcrypt cost, allowed only outside Lambda.
    [TEST_BCRYPT_COST_ENV]: '4',
  });
  project.provide('appBroker', await broker.listen());
  return async () => {
    await broker.close();
    server.remove();
  };
}
