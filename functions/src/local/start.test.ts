import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@meld/shared';
import { buildPrivateServer, serverCommand, SERVER_ENTRY, type PrivateServerBuild } from './server-bundle.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let workDir: string;
/** The server bundle `npm start` runs, built here into a folder of this file's own. */
let server: PrivateServerBuild;
const children = new Set<ChildProcess>();
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'meld-start-'));
  server = await buildPrivateServer('start-test');
}, 120_000);
afterAll(async () => {
  // A failed assertion must not leave a server running.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
  server?.remove();
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the server bundle as `npm start` does, in a clean environment that points only at `env`. */
function runStart(env: Record<string, string>): Started {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MELD_') && !name.startsWith('AWS_')));
  const child = spawn(process.execPath, serverCommand(server.entry), { cwd: REPO_ROOT, env: { ...inherited, PORT: '0', ...env } });
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

describe('the server bundle npm start runs', () => {
  it('is what `npm start` builds and runs', async () => {
    const { scripts } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/npm run build:server && node (.+)$/);
    expect(scripts.start!.split('&& node ')[1]).toBe(serverCommand(relative(REPO_ROOT, SERVER_ENTRY)).join(' '));
    expect(scripts['build:server']).toBe('tsx functions/src/local/build-server.ts');
  });

  it('holds the handler of every route in the table', () => {
    const missing = [...new Set(routeList.map((route) => `functions/src/routes/${route.handler}.ts`))].filter((file) => !server.sources.includes(file));
    expect(missing).toEqual([]);
    // Nothing of the tests' own: no test file, fake or test-only module rides along.
    expect(server.sources.filter((file) => /\.test\.ts$|__fakes__|test-stack|vitest/.test(file))).toEqual([]);
  });
});

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
    // A route's handler, loaded from its chunk of the bundle on this first request.
    expect((await fetch(`${url}/api/config`)).status).toBe(200);
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
