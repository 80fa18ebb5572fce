/**
 * No sandbox process outlives its run (issue 21, decision 0025): not one whose run was aborted
 * while it still loaded, not one whose server died.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.ts';
import { SandboxPool } from './sandbox-pool.ts';
import type { SandboxProcess } from './sandbox-process.ts';

/** The live processes (zombies left out: this machine's init reaps nobody) of a process group. */
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

describe('the lifetime of a sandbox process', () => {
  it('a run aborted while its process still loads kills that process, and the pool counts it no more', async () => {
    const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 3000 }, { spares: 0, concurrency: 1 });
    // The processes the pool starts, to see what becomes of them.
    const internals = pool as unknown as { start(lang: string): Promise<SandboxProcess>; running: number };
    const start = internals.start.bind(pool);
    const started: SandboxProcess[] = [];
    internals.start = async (lang) => {
      const sandbox = await start(lang);
      started.push(sandbox);
      return sandbox;
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
