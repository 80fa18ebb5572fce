/**
 * No sandbox process holds what its server holds (descriptors) or outlives its run or its server
 * (issue 21, decision 0025), against the canaries of escape-kit.ts.
 */
import { chmodSync, closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxPool } from './sandbox-pool.ts';
import { SandboxProcess } from './sandbox-process.ts';
import type { CodeRunResult } from './types.ts';
import { groupMembers, hostAttempts, outcomes, pidOf, startServer, survivors, useCanaries } from './escape-kit.ts';

const { secret, privateFile, expectHostUntouched } = useCanaries();

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

  // A server that is not root fences with an unprivileged user namespace, whose root would hold
  // every capability there (enough to remount the read-only root writable after a V8 escape).
  it.runIf(process.getuid?.() === 0)('holds no capability when the server is not root (a user namespace of its own): none left to remount its root with', async () => {
    const home = mkdtempSync(join(tmpdir(), 'meld-mapped-'));
    chmodSync(home, 0o777);
    try {
      const script = `import { spawnSync } from 'node:child_process';
        import { isolation } from 'RUNNER/isolation.ts';
        import { DEFAULT_LIMITS } from 'RUNNER/limits.ts';
        const fence = isolation();
        if (typeof fence === 'string') throw new Error(fence);
        const [command, ...args] = fence.wrap(['/bin/cat', '/proc/self/status'], DEFAULT_LIMITS, ['/bin/cat']);
        const status = spawnSync(command, args, { encoding: 'utf8', env: {} }).stdout;
        console.log(JSON.stringify({ user: fence.user, lines: status.split('\\n').filter((line) => /^(CapEff|CapPrm|CapBnd|NoNewPrivs)/.test(line)) }));`;
      const server = startServer(script, { HOME: home }, {}, { asUser: 12_345 });
      const seenThere = JSON.parse(await server.done) as { user: string; lines: string[] };
      expect(seenThere.user).toBe('mapped');
      expect(seenThere.lines.map((line) => line.replace(/\s+/g, ' '))).toEqual(['CapPrm: 0000000000000000', 'CapEff: 0000000000000000', 'CapBnd: 0000000000000000', 'NoNewPrivs: 1']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
