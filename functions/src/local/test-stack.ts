import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAppConfig } from '@meld/shared';
import { resetSecretsCache } from '../config/secrets.ts';
import { createStore, dropStore, startEmbeddedServers } from './embedded-services.ts';
import type { EmbeddedEndpoints, EmbeddedServers, EmbeddedServices } from './embedded-services.ts';
import { closeGateway, createGateway, listenGateway } from './gateway.ts';
import type { GatewayOptions } from './gateway.ts';
import { newSecret } from './local-secrets.ts';
import { applyEnv, localRuntimeEnv } from './runtime-env.ts';

export { createClient } from './test-client.ts';
export type { ClientOptions, ClientRequestOptions, ClientResponse, TestClient } from './test-client.ts';

/** Generous limits, so only tests about rate limiting ever meet one. */
const RATE_LIMIT = 1000;
export const TEST_APP_CONFIG = {
  rateLimits: {
    login: { max: RATE_LIMIT, windowMinutes: 5 },
    loginPerAccount: { max: RATE_LIMIT, windowMinutes: 5 },
    loginPerEmail: { max: RATE_LIMIT, windowMinutes: 15 },
    register: { max: RATE_LIMIT, windowMinutes: 60 },
    signupCode: { max: RATE_LIMIT, windowMinutes: 15 },
    refresh: { max: RATE_LIMIT, windowMinutes: 5 },
    import: { max: RATE_LIMIT, windowMinutes: 60 },
    messages: { max: RATE_LIMIT, windowMinutes: 1 },
    messagesPerIp: { max: RATE_LIMIT, windowMinutes: 1 },
  },
  concurrentMessages: { max: RATE_LIMIT },
};

export interface TestStackOptions {
  /** Extra environment for the handlers, applied over the stack's own. */
  env?: Record<string, string>;
  /** App config merged over TEST_APP_CONFIG (objects deeply, arrays replaced). */
  config?: object;
  routes?: GatewayOptions['routes'];
  loadHandler?: GatewayOptions['loadHandler'];
}

export interface TestStack {
  baseUrl: string;
  services: EmbeddedServices;
  configFile: string;
  stop(): Promise<void>;
}

/**
 * The API over real HTTP for integration tests: its own table and buckets on in-memory DynamoDB
 * and S3 (the servers the test run shares, or its own outside vitest), fresh secrets, and the
 * gateway on a free port. `stop()` tears it all down, drops the table and buckets, and puts
 * process.env back as it was.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const config = deepMerge(TEST_APP_CONFIG, options.config ?? {});
  parseAppConfig(config, 'test stack config');
  const services = await testServices();
  const tempDir = await mkdtemp(join(tmpdir(), 'meld-test-'));
  const configFile = join(tempDir, 'meld.config.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));

  const restoreEnv = applyEnv({
    ...localRuntimeEnv(services, { jwtSecret: newSecret(), userKeySecret: newSecret(), configFile }),
    // One access-log line per request would bury test output; warnings and errors still show.
    POWERTOOLS_LOG_LEVEL: 'WARN',
    ...options.env,
  });
  resetSecretsCache();
  const gateway: Server = createGateway({ routes: options.routes, loadHandler: options.loadHandler });
  const baseUrl = `http://127.0.0.1:${await listenGateway(gateway, 0, '127.0.0.1')}`;

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await closeGateway(gateway);
      await services.stop();
      restoreEnv();
      resetSecretsCache();
      await rm(tempDir, { recursive: true, force: true });
    })());
  return { baseUrl, services, configFile, stop };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One dynalite and s3rver for every test file of the run (shared-test-servers.ts); each stack makes its own table and buckets on them. */
    embeddedServers: EmbeddedEndpoints;
  }
}

/** The servers the functions project's global setup shares (shared-test-servers.ts), if this runs under it. */
async function sharedServers(): Promise<EmbeddedEndpoints | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('embeddedServers');
}

/** A fresh table and buckets; on the shared servers when there are some, else on servers of their own. */
async function testServices(): Promise<EmbeddedServices> {
  const id = randomBytes(4).toString('hex');
  const names = { tableName: `meld-test-${id}`, filesBucket: `meld-files-${id}`, audioBucket: `meld-audio-${id}` };
  let own: EmbeddedServers | undefined;
  const servers = (await sharedServers()) ?? (own = await startEmbeddedServers());
  try {
    await createStore(servers, names);
  } catch (error) {
    await own?.stop().catch(() => {});
    throw error;
  }
  const stop = async () => {
    await dropStore(servers, names);
    await own?.stop();
  };
  return { dynamoEndpoint: servers.dynamoEndpoint, s3Endpoint: servers.s3Endpoint, ...names, stop };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: object, override: object): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
