/**
 * The code runner as it runs in the Lambda, where namespaces are not allowed: the process shares
 * the server's user and PID space (issue 21, decision 0025), against the canaries of escape-kit.ts.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import inspector from 'node:inspector';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childFiles } from './child-entry.ts';
import { isolation, lambdaIsolation } from './isolation.ts';
import { poolOptions } from './local-sandbox.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { pythonSnapshot } from './python-snapshot.ts';
import { SandboxProcess } from './sandbox-process.ts';
import type { CodeRunResult } from './types.ts';
import { DEADLINE_MS, hostAttempts, outcomes, processState, seen, startServer, useCanaries } from './escape-kit.ts';

const { secret, pwned, expectHostUntouched } = useCanaries();

/**
 * A Python process fenced as in the Lambda (no namespaces, the server's user) and started as there,
 * from the snapshot made under the same fence (once per machine; a plain load costs five times the CPU).
 */
async function lambdaPython(): Promise<SandboxProcess> {
  const fence = lambdaIsolation();
  const files = await childFiles();
  const limits = { ...DEFAULT_LIMITS, deadlineMs: DEADLINE_MS };
  return new SandboxProcess('python', limits, fence, files, await pythonSnapshot(fence, files, limits));
}

/** One Python run in a process fenced and started as in the Lambda. */
async function runAsInLambda(code: string): Promise<CodeRunResult> {
  const sandbox = await lambdaPython();
  try {
    return await sandbox.run(code);
  } finally {
    sandbox.kill();
  }
}

describe('the code runner in the Lambda (no namespaces: the process shares the server user and PID space)', () => {
  it("a program cannot open the server's inspector with SIGUSR1 (and then run code in the server)", async () => {
    const sandbox = await lambdaPython();
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

  it.each([
    { how: "with setpriv, the kernel's parent-death signal, when the stopped handler alone is killed", noSetpriv: false },
    { how: "without setpriv, Lambda's end of the runtime's process group, which the process never leaves", noSetpriv: true },
  ])('a run that stops its handler (SIGSTOP) outlives its deadline, but not the handler: it dies $how', async ({ noSetpriv }) => {
    const server = startServer(
      `import { childFiles } from 'RUNNER/child-entry.ts';
      import { lambdaIsolation } from 'RUNNER/isolation.ts';
      import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
      import { pythonSnapshot } from 'RUNNER/python-snapshot.ts';
      import { SandboxProcess } from 'RUNNER/sandbox-process.ts';
      const limits = { ...DEFAULT_LIMITS, deadlineMs: 2000 };
      const fence = lambdaIsolation(undefined, process.env.NO_SETPRIV ? '' : undefined);
      const files = await childFiles();
      const sandbox = new SandboxProcess('python', limits, fence, files, await pythonSnapshot(fence, files, limits));
      setInterval(() => undefined, 1000);
      await sandbox.ready;
      console.log(sandbox.child.pid);
      await sandbox.run(process.env.PROGRAM);`,
      { PROGRAM: hostAttempts({ stop: "process.kill(process.ppid, 'SIGSTOP'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return 'woke'" }), ...(noSetpriv ? { NO_SETPRIV: '1' } : {}) },
      {},
      { groupOfItsOwn: true },
    );
    const serverPid = server.child.pid ?? 0;
    let sandboxPid = 0;
    try {
      await expect.poll(() => /^\d+$/m.test(server.stdout()), { interval: 100, timeout: 90_000 }).toBe(true);
      sandboxPid = Number(/^(\d+)$/m.exec(server.stdout())?.[1]);
      await expect.poll(() => processState(serverPid), { interval: 100, timeout: 30_000 }).toBe('T');
      // The deadline is the stopped handler's: the limit decision 0025 states.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(['R', 'S']).toContain(processState(sandboxPid));
      // Lambda's timeout ends the stopped runtime (SIGKILL works on a stopped process).
      process.kill(noSetpriv ? -serverPid : serverPid, 'SIGKILL');
      await expect.poll(() => ['R', 'S', 'D', 'T'].includes(processState(sandboxPid) ?? 'gone'), { interval: 100, timeout: 5_000 }).toBe(false);
    } finally {
      for (const pid of [-serverPid, sandboxPid]) {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
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
    const result = await runAsInLambda(
      hostAttempts({
        sqlite: `const { DatabaseSync } = process.getBuiltinModule('node:sqlite'); const db = new DatabaseSync(${JSON.stringify(pwned)}); db.exec('create table t (a)'); return 'written'`,
        fs: `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(pwned)}, 'x'); return 'written'`,
        ffi: "return Object.keys(process.getBuiltinModule('node:ffi'))",
      }),
    );
    for (const label of ['sqlite', 'fs', 'ffi']) expect(outcomes(result)[label], label).toMatch(/^refused/);
    expectHostUntouched(result);
  }, 120_000);

  it("cannot have V8 write for it or drop its checks: the process's V8 flags are frozen (a review appended to the Python snapshot with --trace-turbo-cfg-file)", async () => {
    const result = await runAsInLambda(
      hostAttempts({
        flags: `const v8 = process.getBuiltinModule('v8'); v8.setFlagsFromString('--trace-turbo'); v8.setFlagsFromString('--trace-turbo-path=/nonexistent'); v8.setFlagsFromString('--trace-turbo-cfg-file=${pwned}'); v8.setFlagsFromString('--heap-snapshot-path=${pwned}'); v8.setFlagsFromString('--experimental-wasm-skip-bounds-checks'); for (let i = 0; i < 100000; i++) JSON.stringify({ i }); return 'set'`,
      }),
    );
    // The first call ends the process: nothing after it runs.
    expect(outcomes(result).flags).toBeUndefined();
    expect(result.error).toMatch(/^The sandbox stopped unexpectedly/);
    expectHostUntouched(result);
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
