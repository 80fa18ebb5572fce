import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const START = fileURLToPath(new URL('./start.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let workDir: string;
const children = new Set<ChildProcess>();
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'meld-start-'));
});
afterAll(async () => {
  // A failed assertion must not leave a server running.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs start.ts as `npm start` does, in a clean environment that points only at `env`. */
function runStart(env: Record<string, string>): Started {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MELD_') && !name.startsWith('AWS_')));
  const child = spawn(process.execPath, ['--import', 'tsx', START], { cwd: REPO_ROOT, env: { ...inherited, PORT: '0', ...env } });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(started: Started): Promise<string> {
  for (;;) {
    const match = /Meld is running at (http:\/\/localhost:\d+)/.exec(started.output());
    if (match) return match[1]!;
    const done = await Promise.race([started.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
    if (done) throw new Error(`start.ts exited early:\n${started.output()}`);
  }
}

describe('npm start (start.ts)', () => {
  it('refuses an invalid app config before starting anything, naming each bad key', async () => {
    const configFile = join(workDir, 'bad.config.json');
    const dataDir = join(workDir, 'never-created');
    await writeFile(configFile, JSON.stringify({ appTitel: 'Typo', rateLimits: { login: { max: 0, windowMinutes: 5 } } }));

    const started = runStart({ MELD_CONFIG_FILE: configFile, MELD_DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('appTitel');
    expect(started.output()).toContain('rateLimits.login.max');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('serves the app, stops cleanly on SIGTERM and keeps its data and secret for the next start', { timeout: 90_000 }, async () => {
    const configFile = join(workDir, 'good.config.json');
    const dataDir = join(workDir, 'data');
    await writeFile(configFile, '{}');
    const env = { MELD_CONFIG_FILE: configFile, MELD_DATA_DIR: dataDir };

    const first = runStart(env);
    const url = await waitForUrl(first);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/no-such-route`)).status).toBe(404);
    const secrets = await readFile(join(dataDir, 'secrets.json'), 'utf8');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'meld.lock'))).toBe(false);

    const second = runStart(env);
    const secondUrl = await waitForUrl(second);
    expect((await fetch(`${secondUrl}/health`)).status).toBe(200);
    expect(await readFile(join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});
