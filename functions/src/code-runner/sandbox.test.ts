import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxPool } from './sandbox-pool.ts';
import type { CodeRunRequest } from './types.ts';

// A short deadline keeps the loops quick, a smaller Python heap the allocation loop; every run is a
// process of its own, two kept loading ahead.
const DEADLINE_MS = 5000;
const sandbox = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS, pythonMemoryBytes: 256 * 1024 * 1024 }, { spares: 2, concurrency: 2 });
sandbox.warm();
afterAll(() => sandbox.close());

const py = (code: string) => sandbox.run({ lang: 'python', code });
const js = (code: string) => sandbox.run({ lang: 'javascript', code });

/** How long the run itself took: a run waits for its process's interpreter first, which is not the program's time. */
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
  }, 90_000);

  it('returns JavaScript console output and the completion value', async () => {
    // The whole result in the message: a run that failed says why (its error), which the diff alone leaves out.
    const result = await js('console.log("a", { b: 1 }); console.error("c"); [1, 2].length');
    expect(result, JSON.stringify(result)).toMatchObject({ stdout: 'a {"b":1}', stderr: 'c', result: '2', timedOut: false });
  }, 90_000);

  it('stops an infinite loop at the deadline in both languages, one that swallows every interrupt included', async () => {
    await sandbox.run({ lang: 'python', code: 'pass' });
    for (const request of [
      { lang: 'javascript', code: 'while (true) {}' },
      { lang: 'python', code: 'while True:\n    pass' },
      { lang: 'python', code: 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass' },
    ] as const) {
      const { result } = await timed(request);
      expect(result).toMatchObject({ timedOut: true, error: 'Stopped: the program ran longer than 5 s' });
    }
    expect(await py('print("back")')).toMatchObject({ stdout: 'back', timedOut: false });
  }, 180_000);

  it('keeps what a program printed before its deadline', async () => {
    const result = await py('import time\nprint("before", flush=True)\nwhile True:\n    time.sleep(0.01)');
    expect(result).toMatchObject({ stdout: 'before', timedOut: true });
  }, 90_000);

  it('refuses a 1 GB allocation in both languages', async () => {
    expect((await js('new ArrayBuffer(1024 * 1024 * 1024).byteLength')).error).toBe('InternalError: out of memory');
    expect((await py('block = bytearray(1024 ** 3)')).error).toMatch(/MemoryError$/);
    // Growing the heap to its cap takes seconds on a loaded machine: this one run gets the full
    // deadline, in a process started for it, so what it shows is the cap, not the clock.
    const roomy = new SandboxPool({ ...DEFAULT_LIMITS, pythonMemoryBytes: 256 * 1024 * 1024 }, { spares: 0, concurrency: 1 });
    onTestFinished(() => roomy.close());
    expect((await roomy.run({ lang: 'python', code: 'chunks = []\nwhile True:\n    chunks.append(bytearray(64 * 1024 ** 2))' })).error).toMatch(/MemoryError$/);
    expect((await py('print(len(bytearray(10 * 1024 ** 2)))')).stdout).toBe('10485760');
  }, 180_000);

  it('cuts long output and says how much was left out', async () => {
    const result = await py(`print("x" * ${DEFAULT_LIMITS.outputChars + 500})`);
    expect(result.stdout).toBe(`${'x'.repeat(DEFAULT_LIMITS.outputChars)}\n… (501 more characters)`);
  }, 90_000);

  it('keeps at most the per-run count and size of files', async () => {
    // Writing and collecting the files is real work: the product's own deadline, so a busy machine cannot cut it short.
    const roomy = new SandboxPool({ ...DEFAULT_LIMITS, pythonMemoryBytes: 256 * 1024 * 1024 }, { spares: 0, concurrency: 1 });
    onTestFinished(() => roomy.close());
    const py = (code: string) => roomy.run({ lang: 'python', code });
    const many = await py(`for i in range(${DEFAULT_LIMITS.maxFiles + 3}):\n    open(f"/mnt/data/f{i:02}.txt", "w").write("x")`);
    expect(many.files).toHaveLength(DEFAULT_LIMITS.maxFiles);
    expect(many.stderr).toContain(`Only the first ${DEFAULT_LIMITS.maxFiles} files were kept`);
    const big = await py(`open("/mnt/data/a.bin", "wb").write(bytes(${DEFAULT_LIMITS.maxTotalFileBytes - 10}))\nopen("/mnt/data/b.bin", "wb").write(bytes(100))`);
    expect(big.files.map((file) => file.name)).toEqual(['a.bin']);
    expect(big.stderr).toContain('b.bin was not kept');
  }, 120_000);

  it("keeps a run's other files when one's name is not UTF-8 or one cannot be read, and says why", async () => {
    const result = await py(
      [
        'import os',
        'open("/mnt/data/good.txt", "w").write("kept")',
        // A lone surrogate once the file system hands the name back: it used to drop every file ("[object Object]").
        'open(b"/mnt/data/\\xed\\xa0\\x80", "wb").write(b"x")',
        'open("/mnt/data/locked.txt", "w").write("x")',
        'os.chmod("/mnt/data/locked.txt", 0)',
      ].join('\n'),
    );
    expect(result.error).toBeUndefined();
    expect(result.files).toEqual([{ name: 'good.txt', base64: Buffer.from('kept').toString('base64') }]);
    expect(result.stderr).toMatch(/^'.*' was not kept: its name is not valid UTF-8$/m);
    expect(result.stderr).toContain('locked.txt could not be read and was not kept (file system error: permission denied)');
  }, 90_000);

  it('starts each Python run afresh: names, patched modules and scratch files do not carry over', async () => {
    await py('secret = 1\nimport json\njson.dumps = None\nopen("/mnt/data/left.txt", "w").write("x")');
    const next = await py('import json, os\nprint(json.dumps([1]), os.listdir("/mnt/data"), "secret" in globals())');
    expect(next).toMatchObject({ stdout: '[1] [] False', files: [] });
  }, 120_000);

  it("shows a Python exception as its traceback from the program's own lines", async () => {
    const result = await py('def f():\n    raise ValueError("bad input")\nf()');
    expect(result.error).toMatch(/^Traceback \(most recent call last\):\n {2}File "main.py", line 3/);
    expect(result.error).toMatch(/ValueError: bad input$/);
  }, 90_000);

  it('ends the process when the caller aborts, and runs the next program', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped by the user')), 200);
    await expect(sandbox.run({ lang: 'javascript', code: 'while (true) {}' }, controller.signal)).rejects.toThrow('stopped by the user');
    expect(await js('1 + 1')).toMatchObject({ result: '2' });
  }, 90_000);
});
