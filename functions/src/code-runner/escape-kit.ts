/**
 * What the code runner's adversarial suites share (issue 21, decision 0025): the server's secrets
 * as canaries, the audit's way into the sandbox process's JavaScript realm, and helpers to watch
 * processes. The canaries: an environment variable of this process, files only this process's user
 * may read (and one anyone may), a TCP, an HTTP and a UDP listener on localhost and a unix socket
 * anyone may connect to, all counting what reaches them, a process to signal, and a path that must
 * never be written. A run may fail or succeed as a program; what it must never do is reach one of
 * them, or see another run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SandboxProcess } from './sandbox-process.ts';
import type { CodeRunResult } from './types.ts';

/** A run's deadline in these suites: long enough for a loaded machine, short enough to wait out. */
export const DEADLINE_MS = 6000;

/** Every text of a run, to look for the canary in. */
export const seen = (result: CodeRunResult) => JSON.stringify(result);

/** The canaries of one test file, up before its first test and gone after its last. */
export function useCanaries() {
  const secret = `canary-${randomBytes(12).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'meld-escape-'));
  const privateFile = join(dir, 'secrets.json');
  const publicFile = join(dir, 'public.txt');
  const pwned = join(dir, 'pwned');
  const unixSocket = join(dir, 'host.sock');
  const hits = { tcp: 0, http: 0, udp: 0, unix: 0 };
  const tcp = createServer((socket) => {
    hits.tcp += 1;
    socket.destroy();
  });
  const http = createHttpServer((_request, response) => {
    hits.http += 1;
    response.end(secret);
  });
  // A socket file is reached through the file system, not the network namespace (like a desktop
  // bus, a database or docker's socket on a server): the process must not even see it.
  const unix = createServer((socket) => {
    hits.unix += 1;
    socket.end(secret);
  });
  const udp = createSocket('udp4');
  udp.on('message', () => (hits.udp += 1));
  const victim = spawn('sleep', ['600'], { stdio: 'ignore' });
  const ports = { tcp: 0, http: 0, udp: 0 };

  beforeAll(async () => {
    process.env.MELD_ESCAPE_CANARY = secret;
    writeFileSync(privateFile, JSON.stringify({ secret }));
    chmodSync(privateFile, 0o600);
    writeFileSync(publicFile, secret);
    chmodSync(publicFile, 0o644);
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    ports.tcp = (tcp.address() as AddressInfo).port;
    ports.http = (http.address() as AddressInfo).port;
    ports.udp = udp.address().port;
    await new Promise<void>((resolve) => unix.listen(unixSocket, resolve));
    chmodSync(dir, 0o755);
    chmodSync(unixSocket, 0o777);
  });

  afterAll(async () => {
    delete process.env.MELD_ESCAPE_CANARY;
    victim.kill('SIGKILL');
    tcp.close();
    http.close();
    udp.close();
    unix.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The host is untouched: no secret came back, nothing connected, nothing was written or signalled. */
  function expectHostUntouched(result: CodeRunResult): void {
    expect(seen(result)).not.toContain(secret);
    expect(hits).toEqual({ tcp: 0, http: 0, udp: 0, unix: 0 });
    expect(existsSync(pwned)).toBe(false);
    expect(victim.exitCode).toBeNull();
    expect(victim.signalCode).toBeNull();
  }

  return { secret, dir, privateFile, publicFile, pwned, unixSocket, hits, ports, victim, expectHostUntouched };
}

/**
 * Python that reaches the JavaScript realm the way the audit did, and a helper that runs
 * JavaScript there (awaiting a promise's outcome) and prints what it got, or how it was refused.
 */
export const ESCAPE = String.raw`
import sys
sys.modules.pop('pyodide_js', None)
import pyodide_js
F = pyodide_js.constructor.constructor
async def host(label, source):
    try:
        value = F(source)()
        if hasattr(value, 'then'):
            value = await value
        print(label, 'REACHED', str(value)[:300])
    except BaseException as error:
        print(label, 'refused', str(error).splitlines()[0][:200] if str(error) else type(error).__name__)
`;

/** A JavaScript expression (possibly a promise) run in the sandbox process's realm, by label. */
export function hostAttempts(attempts: Record<string, string>): string {
  return ESCAPE + Object.entries(attempts).map(([label, source]) => `await host(${JSON.stringify(label)}, ${JSON.stringify(source)})`).join('\n');
}

/** Each label's line of output. */
export function outcomes(result: CodeRunResult): Record<string, string> {
  const lines = result.stdout.split('\n').map((line) => line.split(' '));
  return Object.fromEntries(lines.filter((words) => words.length >= 2).map(([label, ...rest]) => [label, rest.join(' ')]));
}

/** The live processes of a process group (zombies left out: this machine's init reaps none). */
export function groupMembers(group: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: the name may hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z' && state !== 'X') members.push(Number(entry));
    } catch {
      // Gone while listing.
    }
  }
  return members;
}

/** A process's state letter from /proc (R, S, T, Z…), or undefined once it is gone. */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Waits up to `ms` for a process group to be empty; what is still there then. */
export async function survivors(group: number, ms = 5000): Promise<number[]> {
  const until = Date.now() + ms;
  let left = groupMembers(group);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = groupMembers(group);
  }
  return left;
}

export const pidOf = (sandbox: SandboxProcess) => (sandbox as unknown as { child: { pid: number } }).child.pid;

/**
 * A server of its own: `script` (a module that may import the code runner's TypeScript, `RUNNER`
 * the folder) in a new `node`, with `descriptors` open at the numbers given and inheritable, as a
 * shell's `exec 200<file` leaves them, (`groupOfItsOwn`) as the leader of a process group, as
 * Lambda's runtime is, and (`asUser`) as another user. Its stdout collects in `stdout`; `done` is its exit.
 */
export function startServer(script: string, env: Record<string, string> = {}, descriptors: Record<number, number> = {}, options: { groupOfItsOwn?: boolean; asUser?: number } = {}): { child: ChildProcess; stdout: () => string; done: Promise<string> } {
  const stdio: (number | 'ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe'];
  for (const [at, fd] of Object.entries(descriptors)) {
    while (stdio.length <= Number(at)) stdio.push('ignore');
    stdio[Number(at)] = fd;
  }
  const runner = fileURLToPath(new URL('.', import.meta.url));
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script.replaceAll('RUNNER', runner)];
  // `asUser`: the server runs as that user (setpriv, from a root test run), as a server that is not root.
  const [command = process.execPath, ...args] = options.asUser ? ['setpriv', `--reuid=${options.asUser}`, `--regid=${options.asUser}`, '--clear-groups', ...node] : node;
  const child = spawn(command, args, { cwd: join(runner, '..', '..'), env: { ...process.env, ...env }, stdio, detached: options.groupOfItsOwn ?? false });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<string>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`the server ended with ${code}: ${stderr.slice(-2000)}`)))));
  done.catch(() => undefined);
  return { child, stdout: () => stdout, done };
}
