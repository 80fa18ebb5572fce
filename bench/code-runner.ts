import type { CodeLanguage } from '@meld/shared';
import { SandboxPool } from '../functions/src/code-runner/sandbox-pool.ts';

/**
 * The code runner's latency (decision 0025): every run is a process of its own. "First" is a run
 * with no spare process loaded (start, load the interpreter, run); "warm" is a run that finds a
 * spare loaded, as a member does who runs code now and then. Trivial programs, so the figures are
 * the sandbox's own cost.
 */
const PROGRAMS: Record<CodeLanguage, string> = { javascript: '[1, 2, 3].map((n) => n * 2).join()', python: 'sum(range(1000))' };
const FIRST_RUNS = 5;
const WARM_RUNS = 15;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timedRun(pool: SandboxPool, lang: CodeLanguage): Promise<number> {
  const started = performance.now();
  const result = await pool.run({ lang, code: PROGRAMS[lang] });
  if (result.error) throw new Error(`${lang} run failed: ${result.error}`);
  return performance.now() - started;
}

export async function benchCodeRunner(): Promise<boolean> {
  // Spare processes never hold the event loop (a server's does): this waits for them.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    return await measure();
  } finally {
    clearInterval(keepAlive);
  }
}

async function measure(): Promise<boolean> {
  const rows: string[][] = [];
  for (const lang of ['javascript', 'python'] as const) {
    const cold = new SandboxPool(undefined, { spares: 0, concurrency: 1 });
    // The first Python process of a machine makes the interpreter's snapshot: paid once, shown apart.
    const once = await timedRun(cold, lang);
    const first: number[] = [];
    for (let i = 0; i < FIRST_RUNS; i++) first.push(await timedRun(cold, lang));
    await cold.close();
    const warmPool = new SandboxPool(undefined, { spares: 1, concurrency: 1 });
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      await warmPool.spareReady(lang);
      warm.push(await timedRun(warmPool, lang));
    }
    await warmPool.close();
    const ms = (value: number) => `${Math.round(value)} ms`;
    rows.push([lang, 'first run', ms(percentile(first, 50)), ms(percentile(first, 95)), `${FIRST_RUNS} (the machine's very first: ${ms(once)})`]);
    rows.push([lang, 'warm', ms(percentile(warm, 50)), ms(percentile(warm, 95)), String(WARM_RUNS)]);
  }
  const header = ['language', 'run', 'p50', 'p95', 'runs'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  return true;
}
