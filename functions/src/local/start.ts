import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAppConfigFile } from './app-config-file.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { startEmbeddedServices } from './embedded-services.ts';
import type { EmbeddedServices } from './embedded-services.ts';
import { closeGateway, createGateway, listenGateway } from './gateway.ts';
import { loadOrCreateSecrets } from './local-secrets.ts';
import { applyEnv, localRuntimeEnv } from './runtime-env.ts';

/**
 * `npm start`: the whole app on one machine. DynamoDB and S3 run embedded with their data in
 * MELD_DATA_DIR (default .data/), one HTTP server plays API Gateway, the Function URLs and the
 * web host, and stopping with Ctrl-C keeps everything for the next start.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_PORT = 3080;

/** A problem the operator can fix; reported as one line, without a stack trace. */
class StartupError extends Error {}

async function main(): Promise<void> {
  // Set before any AWS SDK client exists: Lambda runs Node 22, only this machine runs Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = resolve(process.env.MELD_DATA_DIR || join(REPO_ROOT, '.data'));
  const port = parsePort(process.env.PORT);
  const configFile = resolve(process.env.MELD_CONFIG_FILE || join(REPO_ROOT, 'meld.config.json'));
  // Validate before starting anything, so a typo in the config costs nothing to fix.
  const config = await loadAppConfigFile(configFile).catch((error: Error) => {
    throw new StartupError(error.message);
  });
  const secrets = await loadOrCreateSecrets(dataDir);

  const services = await startEmbeddedServices({ dataDir }).catch((error: Error) => {
    throw error instanceof DataDirInUseError ? new StartupError(error.message) : error;
  });
  let gateway: Server | undefined;
  const shutdown = async () => {
    if (gateway) await closeGateway(gateway);
    await services.stop();
  };

  try {
    // Mail, while e-mail is off, goes to this terminal: the one machine's inbox (decision 0009).
    applyEnv({ ...localRuntimeEnv(services, { ...secrets, configFile }), MELD_MAIL_TRANSPORT: 'console' });
    // Imported once the environment is in place, so no store module can read it before it is set.
    const { seed } = await import('./seed.ts');
    for (const line of await seed(config)) console.log(`  ${line}`);
    gateway = createGateway({ clockControl: process.env.MELD_CLOCK_CONTROL === '1' });
    await listenGateway(gateway, port).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use; stop what uses it or set PORT`) : error;
    });
  } catch (error) {
    await shutdown().catch(() => {});
    throw error;
  }

  handleSignals(shutdown);
  printBanner((gateway.address() as AddressInfo).port, dataDir, services);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be a port number, got "${value}"`);
  return port;
}

function handleSignals(shutdown: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means the graceful stop is taking too long.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal}: stopping Meld…`);
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Meld did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function printBanner(port: number, dataDir: string, services: EmbeddedServices): void {
  if (!existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
    console.warn('The web app is not built, so only the API answers. Run `npm run build:web`.');
  }
  console.log(`Data in ${dataDir} (DynamoDB ${services.dynamoEndpoint}, S3 ${services.s3Endpoint})`);
  if (process.env.MELD_CLOCK_CONTROL === '1') console.warn('MELD_CLOCK_CONTROL=1: PUT /__local/clock moves the server clock. For tests only.');
  console.log(`Meld is running at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? `Meld could not start. ${error.message}` : error);
  process.exit(1);
});
