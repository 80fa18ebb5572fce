import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAppConfig } from '@meld/shared';
import { resetSecretsCache } from '../config/secrets.ts';
import { createStore, dropStore, dropTable, ensureTable, startEmbeddedServers } from './embedded-services.ts';
import type { EmbeddedEndpoints, EmbeddedServers, EmbeddedServices } from './embedded-services.ts';
import { closeGateway, createGateway, jobsIdle, listenGateway } from './gateway.ts';
import type { GatewayOptions } from './gateway.ts';
import { startIndexLagProxy } from './index-lag-proxy.ts';
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
  /** Index queries see writes this many ms late, as DynamoDB's may (index-lag-proxy.ts); default MELD_INDEX_LAG_MS, else none. */
  indexLagMs?: number;
  /** false: no in-process background worker, for tests that drive the worker function themselves. */
  jobs?: false;
  /** The built web app it serves; default web/dist. */
  webDistDir?: string;
}

export interface TestStack {
  baseUrl: string;
  services: EmbeddedServices;
  configFile: string;
  stop(): Promise<void>;
  /** Resolves once the background worker has run every job queued so far (decision 0034). */
  jobsSettled(): Promise<void>;
}

/** Each running stack's wait for its index view (none without a lag). */
const lagViews = new Set<() => Promise<void>>();

/**
 * With MELD_INDEX_LAG_MS, resolves once the indexes of every running stack have caught up with the
 * writes made so far; at once without it. For a test's setup, whose data stands for what was written
 * long before the request under test; never to paper over a request that reads its own write.
 */
export async function indexesSettled(): Promise<void> {
  await Promise.all([...lagViews].map((settled) => settled()));
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
  const { services, settled } = await testServices(options.indexLagMs ?? indexLagFromEnv());
  if (settled) lagViews.add(settled);
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
  const gateway: Server = createGateway({ routes: options.routes, loadHandler: options.loadHandler, webDistDir: options.webDistDir, ...(options.jobs === false ? { jobs: false } : {}) });
  const baseUrl = `http://127.0.0.1:${await listenGateway(gateway, 0, '127.0.0.1')}`;

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      // The worker finishes what the tests queued before its table goes.
      await jobsIdle(gateway);
      await closeGateway(gateway);
      if (settled) lagViews.delete(settled);
      await services.stop();
      restoreEnv();
      resetSecretsCache();
      await rm(tempDir, { recursive: true, force: true });
    })());
  return { baseUrl, services, configFile, stop, jobsSettled: () => jobsIdle(gateway) };
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

/** MELD_INDEX_LAG_MS: run every stack with lagging indexes, to find paths that read their own write through one. */
function indexLagFromEnv(): number {
  const value = Number(process.env.MELD_INDEX_LAG_MS ?? 0);
  if (!Number.isInteger(value) || value < 0) throw new Error(`MELD_INDEX_LAG_MS must be a whole number of milliseconds, not ${process.env.MELD_INDEX_LAG_MS}`);
  return value;
}

/**
 * A fresh table and buckets; on the shared servers when there are some, else on servers of their
 * own. With an index lag, the app reaches DynamoDB through the lag proxy, whose view is a second table.
 */
async function testServices(indexLagMs: number): Promise<{ services: EmbeddedServices; settled?: () => Promise<void> }> {
  const id = randomBytes(4).toString('hex');
  const names = { tableName: `meld-test-${id}`, filesBucket: `meld-files-${id}`, audioBucket: `meld-audio-${id}` };
  let own: EmbeddedServers | undefined;
  const servers = (await sharedServers()) ?? (own = await startEmbeddedServers());
  const viewTableName = `${names.tableName}-index-view`;
  try {
    await createStore(servers, names);
    if (indexLagMs) await ensureTable(servers.dynamoEndpoint, viewTableName);
  } catch (error) {
    await own?.stop().catch(() => {});
    throw error;
  }
  const lag = indexLagMs ? await startIndexLagProxy(servers.dynamoEndpoint, { lagMs: indexLagMs, tableName: names.tableName, viewTableName }) : undefined;
  const stop = async () => {
    if (lag) {
      await lag.close();
      await dropTable(servers.dynamoEndpoint, viewTableName);
    }
    await dropStore(servers, names);
    await own?.stop();
  };
  return { services: { dynamoEndpoint: lag?.url ?? servers.dynamoEndpoint, s3Endpoint: servers.s3Endpoint, ...names, stop }, ...(lag ? { settled: lag.settled } : {}) };
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
