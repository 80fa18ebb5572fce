import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningApp {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Starts the app as a person does, `npm start`, on a free port with a fresh data folder, and
 * waits until /health answers.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'meld-e2e-'));
  let log = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), MELD_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    const healthy = await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    output: () => log,
    stop: async () => {
      // npm runs the server in a child of its own: signal the whole group, as Ctrl+C does.
      signalGroup(child, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      signalGroup(child, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already exited.
  }
}
