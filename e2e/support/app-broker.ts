import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverCommand } from '../../functions/src/local/server-bundle.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** What a test file asks for: the app's environment, and whether it may share the app with other files. */
export interface AppRequest {
  env: Record<string, string>;
  /** The file moves global state (the server clock, its own config file): it gets an app of its own. */
  exclusive: boolean;
}

interface BrokeredApp {
  id: string;
  key: string;
  baseUrl: string;
  exclusive: boolean;
  users: number;
  log: string;
  stop: () => Promise<void>;
}

/**
 * Several e2e files share one browser-facing machine (127.0.0.1), so the per-address windows of one
 * shared app would count all of them as one person. Shared apps widen only those windows; every
 * per-member limit keeps its default. An exclusive app keeps exactly the config its file gives.
 */
const SHARED_APP_IP_LIMITS = Object.fromEntries(
  ['login', 'register', 'signupCode', 'refresh', 'messagesPerIp', 'fileUploadsPerIp', 'ttsPerIp', 'sttPerIp', 'interest'].map((name) => [
    name,
    { max: 10_000, windowMinutes: 1 },
  ]),
);

/**
 * Starts e2e apps on demand, one per distinct configuration, and stops them at the end of the run.
 * It lives in vitest's main process (globalSetup) and answers the test workers over loopback HTTP,
 * so files in different workers can share a running app. Each app is the server `npm start` runs
 * (the bundle of functions/src/local/start.ts, built once per run by support/global-setup.ts) on
 * the web build `npm test` made once, with a fresh data folder.
 */
export class AppBroker {
  private readonly apps = new Map<string, Promise<BrokeredApp>>();
  private readonly byId = new Map<string, BrokeredApp>();
  private server: Server | undefined;
  private readonly scratch = mkdtempSync(join(tmpdir(), 'meld-e2e-broker-'));
  private next = 0;

  /** `serverEntry`: the server bundle's entry file, run as `npm start` runs it. */
  constructor(
    private readonly serverEntry: string,
    private readonly baseEnv: Record<string, string>,
  ) {}

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        this.answer(req.method ?? 'GET', req.url ?? '/', body).then(
          (result) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(result));
          },
          (error: Error) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(error.message);
          },
        );
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => {
      if (!this.server) return done();
      this.server.close(() => done());
      // The workers' fetches keep idle connections open, which close() would wait for.
      this.server.closeAllConnections();
    });
    const started = await Promise.allSettled(this.apps.values());
    await Promise.all(started.map((app) => (app.status === 'fulfilled' ? app.value.stop() : undefined)));
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private async answer(method: string, url: string, body: string): Promise<unknown> {
    if (method === 'POST' && url === '/apps') return this.acquire(JSON.parse(body) as AppRequest);
    const [, action, id] = url.split('/');
    const app = this.byId.get(id ?? '');
    if (!app) throw new Error(`No app ${id}`);
    if (method === 'POST' && action === 'release') return this.release(app);
    if (method === 'GET' && action === 'output') return { output: app.log };
    throw new Error(`Unknown broker request ${method} ${url}`);
  }

  private async acquire(request: AppRequest): Promise<{ id: string; baseUrl: string }> {
    const id = `app-${this.next++}`;
    const key = request.exclusive ? id : JSON.stringify(Object.entries(request.env).sort());
    let pending = this.apps.get(key);
    if (!pending) {
      pending = this.start(id, key, request);
      this.apps.set(key, pending);
      // A start that failed is forgotten, so the next file tries again and sees the error itself.
      pending.catch(() => this.apps.delete(key));
    }
    const app = await pending;
    app.users += 1;
    return { id: app.id, baseUrl: app.baseUrl };
  }

  /** Exclusive apps stop when their file is done; shared ones wait for the next file until the run ends. */
  private async release(app: BrokeredApp): Promise<{ stopped: boolean }> {
    app.users -= 1;
    if (!app.exclusive || app.users > 0) return { stopped: false };
    this.apps.delete(app.key);
    this.byId.delete(app.id);
    await app.stop();
    return { stopped: true };
  }

  private async start(id: string, key: string, request: AppRequest): Promise<BrokeredApp> {
    const dataDir = mkdtempSync(join(this.scratch, 'data-'));
    const env = { ...request.env };
    if (!request.exclusive && !env.MELD_CONFIG_FILE) {
      const defaults = JSON.parse(readFileSync(join(REPO_ROOT, 'meld.config.json'), 'utf8')) as Record<string, unknown>;
      env.MELD_CONFIG_FILE = join(dataDir, 'meld.config.json');
      writeFileSync(env.MELD_CONFIG_FILE, JSON.stringify({ ...defaults, rateLimits: SHARED_APP_IP_LIMITS }));
    }
    const child: ChildProcess = spawn(process.execPath, serverCommand(this.serverEntry), {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.baseEnv, PORT: '0', MELD_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const app: BrokeredApp = { id, key, baseUrl: '', exclusive: request.exclusive, users: 0, log: '', stop: async () => {} };
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stdout?.on('data', (chunk: Buffer) => (app.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (app.log += chunk.toString()));
    app.stop = async () => {
      // Ctrl+C, as a person stops it; a server that hangs is killed after a grace period.
      signalGroup(child, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      signalGroup(child, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };

    try {
      app.baseUrl = await waitUntilHealthy(child, () => app.log);
    } catch (error) {
      await app.stop();
      throw error;
    }
    this.byId.set(id, app);
    return app;
  }
}

/** The port comes from the start banner (PORT=0 lets the system pick a free one, with no race). */
async function waitUntilHealthy(child: ChildProcess, log: () => string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${log()}`);
    const port = /Meld is running at http:\/\/localhost:(\d+)/.exec(log())?.[1];
    if (port) {
      const baseUrl = `http://localhost:${port}`;
      if (await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false)) return baseUrl;
    }
    if (Date.now() > deadline) throw new Error(`The app did not become healthy:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already exited.
  }
}
