import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildPrivateServer, serverCommand } from '../../functions/src/local/server-bundle.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalApp {
  baseUrl: string;
  output: () => string;
  /** SIGKILL: no shutdown handler runs, as when the machine loses power. */
  kill(): Promise<void>;
  /** SIGINT, as Ctrl+C: the app closes its data dir and lock. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The server bundle `npm start` runs, built once per bench run into a folder of its own (an
 * `npm start` may be serving from the usual one), removed when the bench exits.
 */
let built: Promise<string> | undefined;
async function benchServer(): Promise<string> {
  const server = await buildPrivateServer('bench');
  process.once('exit', server.remove);
  return server.entry;
}

/**
 * The app as `npm start` runs it (the server bundle, without rebuilding the web app) in a process
 * of its own on `dataDir`, once /health answers.
 */
export async function startLocalApp(dataDir: string, env: Record<string, string>): Promise<LocalApp> {
  const entry = await (built ??= benchServer());
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, serverCommand(entry), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), MELD_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = once(child, 'exit');

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${log}`);
    if (await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { baseUrl, output: () => log, kill: () => signal('SIGKILL'), stop: () => signal('SIGINT') };
}
