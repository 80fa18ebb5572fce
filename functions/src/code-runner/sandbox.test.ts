import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxWorker } from './sandbox-worker.ts';
import type { CodeRunRequest } from './types.ts';

// One warm thread for the file: Pyodide loads once. A short deadline keeps the loops quick.
const DEADLINE_MS = 2500;
const GRACE_MS = 1500;
const sandbox = new SandboxWorker({ ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS });
afterAll(() => sandbox.close());

const py = (code: string) => sandbox.run({ lang: 'python', code });
const js = (code: string) => sandbox.run({ lang: 'javascript', code });

async function timed(request: CodeRunRequest) {
  const started = Date.now();
  const result = await sandbox.run(request);
  return { result, elapsed: Date.now() - started };
}

describe('the code sandbox', () => {
  it('returns Python output, the last value and a file written to /mnt/data', async () => {
    const result = await py('import sys\nprint("hello")\nprint("careful", file=sys.stderr)\nopen("/mnt/data/out.txt", "w").write("made here")\n6 * 7');
    expect(result).toMatchObject({ stdout: 'hello', stderr: 'careful', result: '42', timedOut: false });
    expect(result.files).toEqual([{ name: 'out.txt', base64: Buffer.from('made here').toString('base64') }]);
  }, 60_000);

  it('returns JavaScript console output and the completion value', async () => {
    expect(await js('console.log("a", { b: 1 }); console.error("c"); [1, 2].length')).toMatchObject({ stdout: 'a {"b":1}', stderr: 'c', result: '2', timedOut: false });
  });

  it('stops an infinite JavaScript loop at the deadline', async () => {
    const { result, elapsed } = await timed({ lang: 'javascript', code: 'while (true) {}' });
    expect(result).toMatchObject({ timedOut: true, error: 'Stopped: the program ran longer than 2.5 s' });
    expect(elapsed).toBeLessThan(DEADLINE_MS + GRACE_MS);
  });

  it('stops an infinite Python loop at the deadline, and one that swallows the interrupt by ending its thread', async () => {
    const plain = await timed({ lang: 'python', code: 'while True:\n    pass' });
    expect(plain.result).toMatchObject({ timedOut: true, error: 'Stopped: the program ran longer than 2.5 s' });
    expect(plain.elapsed).toBeLessThan(DEADLINE_MS + GRACE_MS);

    const stubborn = await timed({ lang: 'python', code: 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass' });
    expect(stubborn.result).toMatchObject({ timedOut: true });
    expect(stubborn.elapsed).toBeLessThan(DEADLINE_MS + GRACE_MS + 1000);
    // The next run gets a fresh thread (Pyodide loads again).
    expect(await py('print("back")')).toMatchObject({ stdout: 'back', timedOut: false });
  }, 60_000);

  it('refuses a 1 GB allocation in both languages', async () => {
    expect((await js('new ArrayBuffer(1024 * 1024 * 1024).byteLength')).error).toBe('InternalError: out of memory');
    expect((await py('block = bytearray(1024 ** 3)')).error).toMatch(/MemoryError$/);
    expect((await py('chunks = []\nwhile True:\n    chunks.append(bytearray(64 * 1024 ** 2))')).error).toMatch(/MemoryError$/);
    expect((await py('print(len(bytearray(10 * 1024 ** 2)))')).stdout).toBe('10485760');
  });

  it('has no network: fetch and require in JavaScript, js.fetch, urllib and socket in Python all fail', async () => {
    expect((await js('fetch("http://example.com")')).error).toBe("ReferenceError: 'fetch' is not defined");
    expect((await js('require("http")')).error).toBe("ReferenceError: 'require' is not defined");
    expect((await js('typeof process + typeof globalThis.WebSocket')).result).toBe('undefinedundefined');
    expect((await py('from js import fetch')).error).toMatch(/ImportError: cannot import name 'fetch' from 'js'/);
    expect((await py('import urllib.request\nurllib.request.urlopen("http://example.com")')).error).toMatch(/ModuleNotFoundError: import of socket halted/);
    expect((await py('import socket')).error).toMatch(/ModuleNotFoundError: import of socket halted/);
    expect((await py('import pyodide.http')).error).toMatch(/ModuleNotFoundError/);
  });

  it('starts each Python run afresh: names, patched modules and scratch files do not carry over', async () => {
    await py('secret = 1\nimport json\njson.dumps = None\nopen("/mnt/data/left.txt", "w").write("x")');
    const next = await py('import json, os\nprint(json.dumps([1]), os.listdir("/mnt/data"), "secret" in globals())');
    expect(next).toMatchObject({ stdout: '[1] [] False', files: [] });
  });

  it('shows a Python exception as its traceback from the program\'s own lines', async () => {
    const result = await py('def f():\n    raise ValueError("bad input")\nf()');
    expect(result.error).toMatch(/^Traceback \(most recent call last\):\n {2}File "main.py", line 3/);
    expect(result.error).toMatch(/ValueError: bad input$/);
  });

  it('ends the thread when the caller aborts, and runs the next program', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped by the user')), 200);
    await expect(sandbox.run({ lang: 'javascript', code: 'while (true) {}' }, controller.signal)).rejects.toThrow('stopped by the user');
    expect(await js('1 + 1')).toMatchObject({ result: '2' });
  });
});
