/**
 * The code runner under attack (issue 21, decision 0025): programs that try every bridge Pyodide
 * and QuickJS offer to reach the host, against the canaries of escape-kit.ts.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxPool } from './sandbox-pool.ts';
import { SandboxProcess } from './sandbox-process.ts';
import { DEADLINE_MS, hostAttempts, outcomes, seen, useCanaries } from './escape-kit.ts';

const sandbox = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS, pythonMemoryBytes: 256 * 1024 * 1024 }, { spares: 2, concurrency: 2 });
sandbox.warm();
afterAll(() => sandbox.close());
const { privateFile, publicFile, pwned, unixSocket, ports, victim, expectHostUntouched } = useCanaries();

const py = (code: string) => sandbox.run({ lang: 'python', code });

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
    // Where the limit lands decides how it ends: in the array buffer allocator the realm sees a
    // RangeError; in V8's own heap (about one run in seven here) V8 aborts the process. Either way
    // the bomb ends at once, on the limit, not on the deadline.
    const jsMemory = await py(hostAttempts({ memory: 'const keep = []; for (;;) keep.push(new Uint8Array(256 * 1024 * 1024))' }));
    expect(jsMemory.timedOut).toBe(false);
    if (outcomes(jsMemory).memory === undefined) expect(jsMemory.error).toMatch(/^The sandbox stopped unexpectedly \(signal SIG(TRAP|SEGV|ABRT)\)$/);
    else expect(outcomes(jsMemory).memory).toBe('refused RangeError: Array buffer allocation failed');
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
    // Whole results: a run that failed shows its error (two CI runs saw one JS run come back empty).
    expect(await js('this.constructor.constructor("return typeof process")()')).toMatchObject({ result: 'undefined' });
    expect(await js('console.log.constructor("return Object.keys(globalThis).join()")()')).toMatchObject({ result: 'console' });
    expect(await js('typeof std + typeof os + typeof require + typeof fetch + typeof WebAssembly')).toMatchObject({ result: 'undefinedundefinedundefinedundefinedundefined' });
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
