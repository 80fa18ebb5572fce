/**
 * The code runner under attack (issue 21, decision 0025): programs that try every bridge Pyodide
 * and QuickJS offer to reach the host. The server's secrets here are canaries: an environment
 * variable of this process, files only this process's user may read (and one anyone may), a TCP,
 * an HTTP and a UDP listener on localhost and a unix socket anyone may connect to, all counting what
 * reaches them, a process to signal, and a path that must never be written. A run may fail or succeed as a program; what it must never do
 * is reach one of them, or see another run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { appendFileSync, chmodSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childFiles } from './child-entry.ts';
import { isolation, lambdaIsolation } from './isolation.ts';
import { poolOptions } from './local-sandbox.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { pythonSnapshot } from './python-snapshot.ts';
import { SandboxPool } from './sandbox-pool.ts';
import { SandboxProcess } from './sandbox-process.ts';
import type { CodeRunResult } from './types.ts';

const DEADLINE_MS = 6000;
const sandbox = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS, pythonMemoryBytes: 256 * 1024 * 1024 }, { spares: 2, concurrency: 2 });
sandbox.warm();

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
  await sandbox.close();
});

/** Every text of a run, to look for the canary in. */
const seen = (result: CodeRunResult) => JSON.stringify(result);

/** The host is untouched: no secret came back, nothing connected, nothing was written or signalled. */
function expectHostUntouched(result: CodeRunResult): void {
  expect(seen(result)).not.toContain(secret);
  expect(hits).toEqual({ tcp: 0, http: 0, udp: 0, unix: 0 });
  expect(existsSync(pwned)).toBe(false);
  expect(victim.exitCode).toBeNull();
  expect(victim.signalCode).toBeNull();
}

/**
 * Python that reaches the JavaScript realm the way the audit did, and a helper that runs
 * JavaScript there (awaiting a promise's outcome) and prints what it got, or how it was refused.
 */
const ESCAPE = String.raw`
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

const py = (code: string) => sandbox.run({ lang: 'python', code });

/** A JavaScript expression (possibly a promise) run in the sandbox process's realm, by label. */
function hostAttempts(attempts: Record<string, string>): string {
  return ESCAPE + Object.entries(attempts).map(([label, source]) => `await host(${JSON.stringify(label)}, ${JSON.stringify(source)})`).join('\n');
}

/** Each label's line of output. */
function outcomes(result: CodeRunResult): Record<string, string> {
  const lines = result.stdout.split('\n').map((line) => line.split(' '));
  return Object.fromEntries(lines.filter((words) => words.length >= 2).map(([label, ...rest]) => [label, rest.join(' ')]));
}

describe('the code runner under attack', () => {
  it("the audit's escape: Python reaches the JavaScript realm, but that realm holds nothing (no child process, env, files, bindings)", async () => {
    const result = await py(
      hostAttempts({
        exec: "return process.getBuiltinModule('child_process').execSync('id').toString()",
        spawnShell: `return process.getBuiltinModule('child_process').spawnSync('/bin/sh', ['-c', 'touch ${pwned}']).status`,
        env: 'return JSON.stringify(process.env)',
        readPrivate: `return process.getBuiltinModule('fs').readFileSync(${JSON.stringify(privateFile)}, 'utf8')`,
        readPublic: `return process.getBuiltinModule('fs').readFileSync(${JSON.stringify(publicFile)}, 'utf8')`,
        readParentEnviron: `return process.getBuiltinModule('fs').readFileSync('/proc/${process.pid}/environ', 'utf8')`,
        readOwnEnviron: "return process.getBuiltinModule('fs').readFileSync('/proc/self/environ', 'utf8')",
        readDataDir: "return process.getBuiltinModule('fs').readdirSync('/').join(',')",
        write: `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(pwned)}, 'x'); return 'written'`,
        binding: "return Object.keys(process.binding('spawn_sync'))",
        dlopen: "const m = { exports: {} }; process.dlopen(m, '/lib/x86_64-linux-gnu/libc.so.6'); return 'loaded'",
        worker: "new (process.getBuiltinModule('worker_threads').Worker)('1', { eval: true }); return 'started'",
        wasi: "new (process.getBuiltinModule('wasi').WASI)({ version: 'preview1' }); return 'made'",
        inspector: "process.getBuiltinModule('inspector').open(0); return 'open'",
        signal: `process.kill(${victim.pid}, 'SIGKILL'); return 'sent'`,
        signalParent: `process.kill(${process.pid}, 0); return 'visible'`,
      }),
    );
    const seenBy = outcomes(result);
    expect(seenBy.env).toBe('REACHED {}');
    for (const label of ['exec', 'spawnShell', 'readPrivate', 'readPublic', 'readParentEnviron', 'readOwnEnviron', 'readDataDir', 'write', 'binding', 'dlopen', 'worker', 'wasi', 'inspector', 'signal', 'signalParent']) {
      expect(seenBy[label], label).toMatch(/^refused/);
    }
    expectHostUntouched(result);
  }, 120_000);

  it("no network of any kind from the realm: not TCP or HTTP to localhost, not the host's unix sockets, not UDP, not DNS, not the internet", async () => {
    const result = await py(
      `import socket\ntry:\n    socket.create_connection(('127.0.0.1', ${ports.tcp}), timeout=2)\n    print('pysocket REACHED')\nexcept BaseException as error:\n    print('pysocket refused', type(error).__name__)\n` +
      hostAttempts({
        tcp: `return new Promise((resolve, reject) => { const s = process.getBuiltinModule('net').connect(${ports.tcp}, '127.0.0.1'); s.on('connect', () => resolve('connected')); s.on('error', reject); })`,
        http: `return fetch('http://127.0.0.1:${ports.http}/').then((r) => r.text())`,
        unix: `return new Promise((resolve, reject) => { const s = process.getBuiltinModule('net').connect(${JSON.stringify(unixSocket)}); let got = ''; s.on('data', (d) => (got += d)); s.on('end', () => resolve(got)); s.on('error', reject); })`,
        udp: `return new Promise((resolve, reject) => { const s = process.getBuiltinModule('dgram').createSocket('udp4'); s.on('error', reject); s.send('x', ${ports.udp}, '127.0.0.1', (e) => (e ? reject(e) : resolve('sent'))); })`,
        dns: "return process.getBuiltinModule('dns').promises.lookup('example.com').then((a) => a.address)",
        internet: "return fetch('http://1.1.1.1/').then((r) => r.status)",
        // Last: the sandbox's Node refuses to listen by throwing where no handler catches it, so the
        // process ends here (its own loss).
        listenAll: "return new Promise((resolve, reject) => { const s = process.getBuiltinModule('net').createServer(); s.on('error', reject); s.listen(0, '0.0.0.0', () => resolve(JSON.stringify(process.getBuiltinModule('os').networkInterfaces()))); })",
      }),
    );
    const seenBy = outcomes(result);
    for (const label of ['tcp', 'http', 'unix', 'udp', 'dns', 'internet', 'pysocket']) expect(seenBy[label], label).toMatch(/^refused/);
    // Listening is refused too; were it not, a listener in its own namespace would be harmless:
    // the only interface it sees is its own loopback (os.networkInterfaces lists none: it is down).
    if (seenBy.listenAll?.startsWith('REACHED')) expect(Object.keys(JSON.parse(seenBy.listenAll.slice('REACHED '.length)) as object).filter((name) => name !== 'lo')).toEqual([]);
    // UDP has no answer to wait for: give a stray datagram time to land before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expectHostUntouched(result);
  }, 120_000);

  it('every other bridge: pyodide.ffi proxies, the js module, pyodide_js internals, importlib and sys.modules tricks, os.environ', async () => {
    const result = await py(String.raw`
import importlib, os, sys
def attempt(label, action):
    try:
        print(label, 'REACHED', str(action())[:300])
    except BaseException as error:
        print(label, 'refused', type(error).__name__)
from pyodide.ffi import to_js, create_proxy
attempt('ffiProxy', lambda: to_js([1]).constructor.constructor("return process.getBuiltinModule('child_process').execSync('id').toString()")())
attempt('createProxy', lambda: create_proxy(len).constructor.constructor("return JSON.stringify(process.env)")())
import js
attempt('jsModule', lambda: js.process.env)
attempt('jsGlobal', lambda: js.globalThis.process.env)
attempt('importlib', lambda: importlib.import_module('pyodide_js').constructor.constructor("return process.getBuiltinModule('fs').readFileSync('${privateFile}', 'utf8')")())
sys.modules['pyodide_js'] = None
attempt('reload', lambda: importlib.reload(importlib.import_module('pyodide')).ffi.to_js({}).constructor.constructor("return process.getBuiltinModule('fs').readFileSync('${publicFile}', 'utf8')")())
attempt('apiModule', lambda: importlib.import_module('pyodide_js')._module.constructor.constructor("return JSON.stringify(process.env)")())
attempt('environ', lambda: dict(os.environ))
attempt('procEnviron', lambda: open('/proc/self/environ').read())
attempt('hostFile', lambda: open('${publicFile}').read())
attempt('fork', lambda: os.fork())
`);
    const seenBy = outcomes(result);
    // What a proxy's constructor reaches is the same empty realm: it runs, but holds nothing.
    expect(seenBy.createProxy).toBe('REACHED {}');
    for (const label of ['ffiProxy', 'jsModule', 'jsGlobal', 'importlib', 'reload', 'apiModule', 'hostFile', 'fork', 'procEnviron']) expect(seenBy[label], label).toMatch(/^refused|^REACHED [12]$/);
    // Pyodide's own made-up environment, nothing of the server's.
    expect(seenBy.environ).toMatch(/web_user/);
    expect(seenBy.environ).not.toMatch(/MELD|AWS|SECRET|KEY/);
    expectHostUntouched(result);
    // os.system aborts the interpreter: the process dies, the host does not notice.
    const system = await py(`import os\nos.system('touch ${pwned}')`);
    expect(system.error).toMatch(/^The sandbox stopped unexpectedly/);
    expectHostUntouched(system);
  }, 120_000);

  it("one member's run cannot see the next: a hook planted in the process, its stdin or its output is gone with it", async () => {
    const plant = await py(
      hostAttempts({
        hook: "globalThis.__stolen = []; process.stdin.on('data', (d) => globalThis.__stolen.push(String(d))); const fs = process.getBuiltinModule('fs'); const write = fs.writeSync; fs.writeSync = (fd, text, ...rest) => { globalThis.__stolen.push(String(text)); return write(fd, text, ...rest); }; return 'planted'",
        poisonCode: `process.getBuiltinModule('fs').appendFileSync(${JSON.stringify(join(tmpdir(), 'meld-code-runner-hook.mjs'))}, 'x'); return 'poisoned'`,
      }),
    );
    expect(outcomes(plant).hook).toBe('REACHED planted');
    expect(outcomes(plant).poisonCode).toMatch(/^refused/);
    const other = `private-${randomBytes(8).toString('hex')}`;
    const victimRun = await py(`note = ${JSON.stringify(other)}\nprint(note)`);
    expect(victimRun).toMatchObject({ stdout: other, timedOut: false });
    const read = await py(hostAttempts({ stolen: 'return JSON.stringify(globalThis.__stolen ?? null)' }));
    expect(outcomes(read).stolen).toBe('REACHED null');
    expect(seen(read)).not.toContain(other);
  }, 180_000);

  it('no state carries over from the snapshot: two runs draw different random numbers (a generated password is not everyone\'s)', async () => {
    const draw = "import random, string\nprint(random.random(), random.getrandbits(64), ''.join(random.choice(string.ascii_letters) for _ in range(16)))";
    const [first, second] = [await py(draw), await py(draw)];
    expect(first.stdout).toMatch(/^0\.\d+ \d+ [A-Za-z]{16}$/);
    expect(second.stdout).toMatch(/^0\.\d+ \d+ [A-Za-z]{16}$/);
    for (const [index, value] of first.stdout.split(' ').entries()) expect(second.stdout.split(' ')[index], `draw ${index}`).not.toBe(value);
    // The audit's value: what random.random() gave in every run while its state came from the snapshot.
    expect(first.stdout).not.toMatch(/^0\.2086953921125707 /);
  }, 120_000);

  it('forged answers and floods from the realm are capped by the parent: files, output, protocol', async () => {
    const forged = await py(
      hostAttempts({
        forge: `const fs = process.getBuiltinModule('fs'); const big = Buffer.alloc(1024 * 1024).toString('base64'); fs.writeSync(3, JSON.stringify({ type: 'done', files: Array.from({ length: 40 }, (_, i) => ({ name: 'f' + i, base64: big })), omitted: { stdout: 0, stderr: 0 } }) + '\\n'); return 'sent'`,
      }),
    );
    expect(forged.files.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxFiles);
    expect(forged.files.reduce((sum, file) => sum + Buffer.from(file.base64, 'base64').length, 0)).toBeLessThanOrEqual(DEFAULT_LIMITS.maxTotalFileBytes);

    const garbage = await py(hostAttempts({ garbage: "process.getBuiltinModule('fs').writeSync(3, 'not json\\n'); return 'sent'" }));
    expect(garbage.error).toBe('Stopped: the sandbox answered in an unexpected form');

    const flood = await py(hostAttempts({ flood: "const fs = process.getBuiltinModule('fs'); const line = JSON.stringify({ type: 'output', stream: 'stdout', text: 'x'.repeat(65536) }) + '\\n'; for (;;) fs.writeSync(3, line)" }));
    expect(flood.error).toBe('Stopped: the program sent more output than the sandbox keeps');
    expect(flood.stdout.length).toBeLessThan(DEFAULT_LIMITS.outputChars + 100);

    // The process's own stderr (Node's crash text) is capped too: a flood there ends the run at once.
    const started = Date.now();
    const stderrFlood = await py(hostAttempts({ flood: "const fs = process.getBuiltinModule('fs'); const chunk = Buffer.alloc(65536, 97); for (;;) { try { fs.writeSync(2, chunk); } catch {} }" }));
    expect(stderrFlood).toMatchObject({ error: "Stopped: the program wrote more to the sandbox's error stream than it keeps", timedOut: false });
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);

    const printed = await py('while True:\n    print("y" * 10000)');
    expect(printed.timedOut).toBe(true);
    expect(printed.stdout.length).toBeLessThan(DEFAULT_LIMITS.outputChars + 100);
  }, 180_000);

  it('memory, time, thread and process bombs end at the limits, and the next run is served', async () => {
    // Outside the Python heap's cap, in the realm: the process's data limit refuses it.
    const jsMemory = await py(hostAttempts({ memory: 'const keep = []; for (;;) keep.push(new Uint8Array(256 * 1024 * 1024))' }));
    expect(outcomes(jsMemory).memory).toBe('refused RangeError: Array buffer allocation failed');
    const pyMemory = await py('x = "a" * (4 * 1024 ** 3)');
    expect(pyMemory.error).toMatch(/MemoryError|OverflowError/);

    const sleeper = await py('import time\ntime.sleep(1000)');
    expect(sleeper.timedOut).toBe(true);
    const blocked = await py(hostAttempts({ wait: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return "woke"' }));
    expect(blocked.timedOut).toBe(true);

    const threads = await py('import threading\nfor _ in range(1000):\n    threading.Thread(target=lambda: None).start()');
    expect(threads.error).toMatch(/RuntimeError|can't start new thread|not supported/i);
    const spawns = await py(hostAttempts({ bomb: "const cp = process.getBuiltinModule('child_process'); let made = 0; for (let i = 0; i < 100; i++) { try { cp.spawn('/bin/sleep', ['60']); made++; } catch {} } return made" }));
    expect(outcomes(spawns).bomb).toBe('REACHED 0');

    expect(await py('print("still here")')).toMatchObject({ stdout: 'still here' });
    expectHostUntouched(sleeper);
  }, 240_000);

  it('QuickJS has no bridge at all: no process, require, import, std or os, whatever the constructor chain', async () => {
    const js = (code: string) => sandbox.run({ lang: 'javascript', code });
    expect((await js('this.constructor.constructor("return typeof process")()')).result).toBe('undefined');
    expect((await js('console.log.constructor("return Object.keys(globalThis).join()")()')).result).toBe('console');
    expect((await js('typeof std + typeof os + typeof require + typeof fetch + typeof WebAssembly')).result).toBe('undefinedundefinedundefinedundefinedundefined');
    const imported = await js('import("fs").then(() => "loaded", (e) => "refused: " + e)');
    expect(imported.result ?? imported.error).toMatch(/refused|error/i);
    expectHostUntouched(imported);
  }, 120_000);

  it('a spare killed or stopped from outside (a run beside it in the Lambda, same user) costs no later run more than its deadline', async () => {
    const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 3000 }, { spares: 1, concurrency: 1 });
    try {
      const spare = async () => {
        await pool.spareReady('javascript');
        const found = (pool as unknown as { spares: Map<string, SandboxProcess[]> }).spares.get('javascript')?.[0];
        if (!found) throw new Error('no spare');
        return (found as unknown as { child: { pid: number } }).child.pid;
      };
      // Killed after it loaded: it is dropped, and the run gets a live process.
      process.kill(-(await spare()), 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pool.run({ lang: 'javascript', code: '6 * 7' })).toMatchObject({ result: '42', timedOut: false });
      // Stopped: it never reads its program, and the parent's clock ends the run anyway.
      process.kill(-(await spare()), 'SIGSTOP');
      const started = Date.now();
      expect(await pool.run({ lang: 'javascript', code: '1' })).toMatchObject({ timedOut: true });
      expect(Date.now() - started).toBeLessThan(3000 + 2000);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

/** The live processes of a process group (zombies left out: this machine's init reaps none). */
function groupMembers(group: number): number[] {
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

/** Waits up to `ms` for a process group to be empty; what is still there then. */
async function survivors(group: number, ms = 5000): Promise<number[]> {
  const until = Date.now() + ms;
  let left = groupMembers(group);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = groupMembers(group);
  }
  return left;
}

const pidOf = (sandbox: SandboxProcess) => (sandbox as unknown as { child: { pid: number } }).child.pid;

/**
 * A server of its own: `script` (a module that may import the code runner's TypeScript, `RUNNER`
 * the folder) in a new `node`, with `descriptors` open at the numbers given and inheritable, as a
 * shell's `exec 200<file` leaves them. Its stdout collects in `stdout`; `done` is its exit.
 */
function startServer(script: string, env: Record<string, string> = {}, descriptors: Record<number, number> = {}): { child: ChildProcess; stdout: () => string; done: Promise<string> } {
  const stdio: (number | 'ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe'];
  for (const [at, fd] of Object.entries(descriptors)) {
    while (stdio.length <= Number(at)) stdio.push('ignore');
    stdio[Number(at)] = fd;
  }
  const runner = fileURLToPath(new URL('.', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script.replaceAll('RUNNER', runner)], { cwd: join(runner, '..', '..'), env: { ...process.env, ...env }, stdio });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<string>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`the server ended with ${code}: ${stderr.slice(-2000)}`)))));
  done.catch(() => undefined);
  return { child, stdout: () => stdout, done };
}

describe('no sandbox process holds what its server holds, or outlives its run', () => {
  it("holds none of the server's descriptors: a secret file the server has open without close-on-exec is out of reach", async () => {
    const fd = openSync(privateFile, 'r');
    try {
      const server = startServer(
        `import { readSync } from 'node:fs';
        import { SandboxPool } from 'RUNNER/sandbox-pool.ts';
        import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
        const held = Buffer.alloc(200);
        const length = readSync(200, held, 0, 200, 0);
        const pool = new SandboxPool(DEFAULT_LIMITS, { spares: 0, concurrency: 1 });
        const result = await pool.run({ lang: 'python', code: process.env.PROGRAM });
        console.log(JSON.stringify({ held: held.subarray(0, length).toString(), result }));
        await pool.close();`,
        {
          PROGRAM: hostAttempts({
            fd200: "const b = Buffer.alloc(200); return b.subarray(0, process.getBuiltinModule('fs').readSync(200, b, 0, 200, 0)).toString() || 'nothing'",
            everyFd: "const fs = process.getBuiltinModule('fs'); const got = []; for (let fd = 4; fd < 1024; fd++) { try { const b = Buffer.alloc(4096); const n = fs.readSync(fd, b, 0, 4096, 0); if (n > 0) got.push(fd + '=' + b.subarray(0, n)); } catch {} } return JSON.stringify(got)",
          }),
        },
        { 9: fd, 200: fd },
      );
      const { held, result } = JSON.parse(await server.done) as { held: string; result: CodeRunResult };
      // The server does hold it, inheritable (an audit read it from the sandbox through fd 200).
      expect(held).toContain(secret);
      expect(outcomes(result).fd200).toMatch(/^refused|^REACHED nothing$/);
      expect(outcomes(result).everyFd).toBe('REACHED []');
      expectHostUntouched(result);
    } finally {
      closeSync(fd);
    }
  }, 120_000);

  it('dies with its server: a server killed with SIGKILL (no cleanup of its own) leaves no sandbox process behind, running or spare', async () => {
    const server = startServer(
      `import { SandboxPool } from 'RUNNER/sandbox-pool.ts';
      import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
      const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 600_000 }, { spares: 1, concurrency: 1 });
      // A spare does not hold the event loop open.
      setInterval(() => undefined, 1000);
      await pool.spareReady('python');
      const run = pool.run({ lang: 'python', code: process.env.PROGRAM });
      console.log('running');
      await run;`,
      // Blocks without spending CPU, far past any limit but the server's deadline.
      { PROGRAM: hostAttempts({ wait: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return "woke"' }) },
    );
    const serverPid = server.child.pid ?? 0;
    // Each sandbox is an unshare the server started, leading its own process group (with node in
    // the namespace); esbuild's service is the server's other child.
    const sandboxes = () =>
      readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            return stat.includes(' (unshare) ') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === serverPid;
          } catch {
            return false;
          }
        })
        .map(Number);
    let groups: number[] = [];
    try {
      await expect.poll(() => server.stdout(), { interval: 100, timeout: 90_000 }).toContain('running');
      // The program is handed over at once (the spare was loaded); the spare behind it starts.
      await expect.poll(() => sandboxes().length, { interval: 100, timeout: 30_000 }).toBe(2);
      groups = sandboxes();
      // Each group holds its launch chain and the sandbox, however far along its start is (a busy
      // CI run saw a chain program not yet replaced by the next): what matters is that none is left after.
      for (const group of groups) expect(groupMembers(group).length, `process group ${group}`).toBeGreaterThanOrEqual(1);
      server.child.kill('SIGKILL');
      await server.done.catch(() => undefined);
      for (const group of groups) expect(await survivors(group), `process group ${group}`).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
      for (const group of groups) {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // Gone, as it should be.
        }
      }
    }
  }, 180_000);

  it('a run aborted while its process still loads kills that process, and the pool counts it no more', async () => {
    const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 3000 }, { spares: 0, concurrency: 1 });
    // The processes the pool starts, to see what becomes of them.
    const internals = pool as unknown as { start(lang: string): Promise<SandboxProcess>; running: number };
    const start = internals.start.bind(pool);
    const started: SandboxProcess[] = [];
    internals.start = async (lang) => {
      const made = await start(lang);
      started.push(made);
      return made;
    };
    try {
      const controller = new AbortController();
      const run = pool.run({ lang: 'python', code: 'print(1)' }, controller.signal);
      await expect.poll(() => started.length, { interval: 20, timeout: 60_000 }).toBe(1);
      const [loading] = started;
      if (!loading) throw new Error('no process started');
      let loaded = false;
      void loading.ready.then(
        () => (loaded = true),
        () => undefined,
      );
      expect(groupMembers(pidOf(loading)).length).toBeGreaterThan(0);
      controller.abort(new Error('the member stopped the reply'));
      await expect(run).rejects.toThrow('the member stopped the reply');
      // The abort landed while Python still loaded (about a second from its snapshot).
      expect(loaded).toBe(false);
      expect(await survivors(pidOf(loading))).toEqual([]);
      expect(internals.running).toBe(0);
      expect(await pool.run({ lang: 'javascript', code: '6 * 7' })).toMatchObject({ result: '42', timedOut: false });
      expect(internals.running).toBe(0);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('the code runner in the Lambda (no namespaces: the process shares the server user and PID space)', () => {
  it("a program cannot open the server's inspector with SIGUSR1 (and then run code in the server)", async () => {
    const fence = lambdaIsolation();
    const sandbox = new SandboxProcess('python', { ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS }, fence, await childFiles());
    try {
      const result = await sandbox.run(
        hostAttempts({
          parent: 'return process.ppid',
          usr1: "process.kill(process.ppid, 'SIGUSR1'); return new Promise((resolve) => setTimeout(() => resolve('sent'), 1000))",
        }),
      );
      expect(outcomes(result)).toMatchObject({ parent: `REACHED ${process.pid}`, usr1: 'REACHED sent' });
      expect(inspector.url()).toBeUndefined();
    } finally {
      sandbox.kill();
      inspector.close();
    }
  }, 120_000);

  it('a run that stops its handler (SIGSTOP) outlives its deadline, but not the handler: it dies when Lambda ends the stopped handler', async () => {
    const server = startServer(
      `import { childFiles } from 'RUNNER/child-entry.ts';
      import { lambdaIsolation } from 'RUNNER/isolation.ts';
      import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
      import { pythonSnapshot } from 'RUNNER/python-snapshot.ts';
      import { SandboxProcess } from 'RUNNER/sandbox-process.ts';
      const limits = { ...DEFAULT_LIMITS, deadlineMs: 2000 };
      const fence = lambdaIsolation();
      const files = await childFiles();
      const sandbox = new SandboxProcess('python', limits, fence, files, await pythonSnapshot(fence, files, limits));
      setInterval(() => undefined, 1000);
      await sandbox.ready;
      console.log(sandbox.child.pid);
      await sandbox.run(process.env.PROGRAM);`,
      { PROGRAM: hostAttempts({ stop: "process.kill(process.ppid, 'SIGSTOP'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return 'woke'" }) },
    );
    const serverPid = server.child.pid ?? 0;
    const state = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      } catch {
        return undefined;
      }
    };
    let sandboxPid = 0;
    try {
      await expect.poll(() => /^\d+$/m.test(server.stdout()), { interval: 100, timeout: 90_000 }).toBe(true);
      sandboxPid = Number(/^(\d+)$/m.exec(server.stdout())?.[1]);
      await expect.poll(() => state(serverPid), { interval: 100, timeout: 30_000 }).toBe('T');
      // The deadline is the stopped handler's: the limit decision 0025 states.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(groupMembers(sandboxPid)).toEqual([sandboxPid]);
      // Lambda's timeout ends the stopped runtime (SIGKILL works on a stopped process); the kernel
      // then ends the sandbox (setpriv's parent-death signal).
      server.child.kill('SIGKILL');
      expect(await survivors(sandboxPid)).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
      if (sandboxPid) {
        try {
          process.kill(-sandboxPid, 'SIGKILL');
        } catch {
          // Gone, as it should be.
        }
      }
    }
  }, 180_000);

  it("a run that stops its handler cannot answer for it: the runtime API on localhost is out of reach, so no invocation of anyone's is taken", async () => {
    // A stand-in for Lambda's runtime API (127.0.0.1:9001 there, served by the runtime, not the
    // handler, and unauthenticated), counting every connection and request that reaches it.
    const requestId = `req-${randomBytes(8).toString('hex')}`;
    const reached: string[] = [];
    const runtimeApi = createHttpServer((request, response) => {
      reached.push(`${request.method ?? ''} ${request.url ?? ''}`);
      if (request.url === '/2018-06-01/runtime/invocation/next') {
        response.writeHead(200, { 'lambda-runtime-aws-request-id': requestId, 'content-type': 'application/json' });
        response.end(JSON.stringify({ lang: 'python', code: `print("${secret}")` }));
      } else response.writeHead(202).end();
    });
    runtimeApi.on('connection', () => reached.push('connection'));
    await new Promise<void>((resolve) => runtimeApi.listen(0, '127.0.0.1', resolve));
    const api = `127.0.0.1:${(runtimeApi.address() as AddressInfo).port}`;
    const server = startServer(
      `import { childFiles } from 'RUNNER/child-entry.ts';
      import { lambdaIsolation } from 'RUNNER/isolation.ts';
      import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
      import { SandboxProcess } from 'RUNNER/sandbox-process.ts';
      const sandbox = new SandboxProcess('python', { ...DEFAULT_LIMITS, deadlineMs: 30_000 }, lambdaIsolation(), await childFiles());
      const result = await sandbox.run(process.env.PROGRAM);
      console.log(JSON.stringify(result));`,
      {
        PROGRAM: hostAttempts({
          // The handler (and with it the run's deadline) stopped, as the third audit did.
          stop: "process.kill(process.ppid, 'SIGSTOP'); return 'stopped'",
          next: `return fetch('http://${api}/2018-06-01/runtime/invocation/next').then((r) => r.headers.get('lambda-runtime-aws-request-id'))`,
          answer: `return fetch('http://${api}/2018-06-01/runtime/invocation/${requestId}/response', { method: 'POST', body: '{"stdout":"forged"}' }).then((r) => r.status)`,
          tcp: `return new Promise((resolve, reject) => { const [host, port] = '${api}'.split(':'); const s = process.getBuiltinModule('net').connect(Number(port), host); s.on('connect', () => resolve('connected')); s.on('error', reject); })`,
          http: `return new Promise((resolve, reject) => { const r = process.getBuiltinModule('http').get('http://${api}/2018-06-01/runtime/invocation/next', (res) => resolve(res.statusCode)); r.on('error', reject); })`,
          resume: "process.kill(process.ppid, 'SIGCONT'); return 'resumed'",
        }),
      },
    );
    try {
      const result = JSON.parse(await server.done) as CodeRunResult;
      expect(outcomes(result)).toMatchObject({ stop: 'REACHED stopped', resume: 'REACHED resumed' });
      for (const label of ['next', 'answer', 'tcp', 'http']) expect(outcomes(result)[label], label).toMatch(/^refused/);
      expect(seen(result)).not.toContain(requestId);
      expect(reached).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
      runtimeApi.close();
    }
  }, 180_000);

  it('writes nothing where the function may write (its /tmp holds the Python snapshot): not through node:sqlite either', async () => {
    const sandbox = new SandboxProcess('python', { ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS }, lambdaIsolation(), await childFiles());
    try {
      const result = await sandbox.run(
        hostAttempts({
          sqlite: `const { DatabaseSync } = process.getBuiltinModule('node:sqlite'); const db = new DatabaseSync(${JSON.stringify(pwned)}); db.exec('create table t (a)'); return 'written'`,
          fs: `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(pwned)}, 'x'); return 'written'`,
          ffi: "return Object.keys(process.getBuiltinModule('node:ffi'))",
        }),
      );
      for (const label of ['sqlite', 'fs', 'ffi']) expect(outcomes(result)[label], label).toMatch(/^refused/);
      expectHostUntouched(result);
    } finally {
      sandbox.kill();
    }
  }, 120_000);

  it("cannot have V8 write for it or drop its checks: the process's V8 flags are frozen (a review appended to the Python snapshot with --trace-turbo-cfg-file)", async () => {
    const sandbox = new SandboxProcess('python', { ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS }, lambdaIsolation(), await childFiles());
    try {
      const result = await sandbox.run(
        hostAttempts({
          flags: `const v8 = process.getBuiltinModule('v8'); v8.setFlagsFromString('--trace-turbo'); v8.setFlagsFromString('--trace-turbo-path=/nonexistent'); v8.setFlagsFromString('--trace-turbo-cfg-file=${pwned}'); v8.setFlagsFromString('--heap-snapshot-path=${pwned}'); v8.setFlagsFromString('--experimental-wasm-skip-bounds-checks'); for (let i = 0; i < 100000; i++) JSON.stringify({ i }); return 'set'`,
        }),
      );
      // The first call ends the process: nothing after it runs.
      expect(outcomes(result).flags).toBeUndefined();
      expect(result.error).toMatch(/^The sandbox stopped unexpectedly/);
      expectHostUntouched(result);
    } finally {
      sandbox.kill();
    }
  }, 120_000);

  it('never starts Python from a snapshot that changed after it was made: the changed file is deleted, and runs load plainly', async () => {
    const fence = lambdaIsolation();
    const files = { ...(await childFiles()), cacheDir: mkdtempSync(join(tmpdir(), 'meld-snapshot-')) };
    const limits = { ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS };
    try {
      const made = await pythonSnapshot(fence, files, limits);
      expect(made).toBeDefined();
      expect(await pythonSnapshot(fence, files, limits)).toBe(made);
      appendFileSync(made!, '{"nodes":[]}');
      expect(await pythonSnapshot(fence, files, limits)).toBeUndefined();
      expect(existsSync(made!)).toBe(false);
      const sandbox = new SandboxProcess('python', limits, fence, files, undefined);
      try {
        expect(await sandbox.run('print(6 * 7)')).toMatchObject({ stdout: '42', timedOut: false });
      } finally {
        sandbox.kill();
      }
    } finally {
      rmSync(files.cacheDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('keeps no spare process there for a run to signal: each invocation starts its own, one at a time', () => {
    expect(poolOptions(lambdaIsolation())).toEqual({ spares: 0, concurrency: 1 });
    const fence = isolation();
    expect(typeof fence === 'string' ? fence : fence.network).toBe('namespace');
    expect(poolOptions(fence)).toEqual({ spares: 1, concurrency: 4 });
  });
});
