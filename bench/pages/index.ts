import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { measureInitialJs } from '../web-initial-js.ts';
import { CPU_THROTTLING, measurePage, type PageFigures } from './measure.ts';
import { medianFigures } from './median.ts';
import { signedInState } from './sign-in.ts';
import { startPagesStack } from './stack.ts';
import { unmappedPaths, VISITS, type PageVisit, type Visitor } from './visits.ts';

/** Google's "good" thresholds for LCP and TBT, measured here with the CPU throttled. */
export const LCP_BUDGET_MS = 2_500;
export const TBT_BUDGET_MS = 200;
/** All the JavaScript a cold visit downloads, gzipped: public pages stay light, the signed-in app carries the shell. */
export const JS_BUDGET_BYTES: Record<Visitor, number> = { guest: 200 * 1024, member: 400 * 1024, admin: 400 * 1024 };
/**
 * Each page is opened this many times, in rounds over all pages (so a busy moment spreads out), and
 * the median printed (issue 25). `MELD_BENCH_RUNS=7` opens each more often, for comparing two builds.
 */
export const RUNS = Math.max(1, Math.floor(Number(process.env.MELD_BENCH_RUNS) || 3));

interface Measured extends PageFigures {
  label: string;
  visitor: Visitor;
  over: string[];
  /** Every run's TBT and LCP, in the order they ran. */
  runs: PageFigures[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** The top-level names of the English strings, for spotting an untranslated key on a page. */
function rawKeyPattern(): RegExp {
  const index = readFileSync(fileURLToPath(new URL('../../web/src/locales/en/index.ts', import.meta.url)), 'utf8');
  const parts = /export const en = \{([^}]*)\}/.exec(index)?.[1]?.split(',').map((name) => name.trim()).filter((name) => /^\w+$/.test(name)) ?? [];
  // Not inside an e-mail address (admin.bench@example.com is not a key).
  return new RegExp(`(?<![\\w.@])(?:${parts.join('|')})\\.[a-z]\\w*(?:\\.\\w+)*(?![\\w.]*@)`, 'g');
}

function overBudget(visit: PageVisit, f: PageFigures): string[] {
  const over: string[] = [];
  const lcpBudget = visit.lcpBudgetMs ?? LCP_BUDGET_MS;
  if (f.jsGzipBytes > JS_BUDGET_BYTES[visit.visitor]) over.push(`JS over ${kb(JS_BUDGET_BYTES[visit.visitor])}`);
  if (f.lcpMs > lcpBudget) over.push(`LCP over ${ms(lcpBudget)}`);
  if (f.tbtMs > TBT_BUDGET_MS) over.push(`TBT over ${ms(TBT_BUDGET_MS)}`);
  if (f.rawKeys.length > 0) over.push(`untranslated: ${f.rawKeys.slice(0, 3).join(', ')}`);
  return over;
}

function printPages(results: Measured[]): void {
  const header = ['page', 'as', 'scripts', 'JS gzip', 'JS local', 'FCP', 'LCP', 'TBT', 'long tasks', 'TBT per run', 'LCP per run', 'budget'];
  const perRun = (values: number[]) => values.map((value) => Math.round(value)).join('/');
  const rows = results.map((r) => [
    r.label, r.visitor, String(r.scripts), kb(r.jsGzipBytes), kb(r.jsTransferBytes), ms(r.fcpMs), r.lcpMs ? ms(r.lcpMs) : '-', ms(r.tbtMs), String(r.longTasks),
    perRun(r.runs.map((run) => run.tbtMs)), perRun(r.runs.map((run) => run.lcpMs)), r.over.length ? r.over.join('; ') : 'ok',
  ]);
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i <= 1 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/**
 * Every page of the web app opened cold in headless Chromium with the CPU throttled: the
 * JavaScript it downloads, largest contentful paint and total blocking time, against budgets.
 */
export async function benchPages(): Promise<boolean> {
  if (!measureInitialJs()) {
    console.log('web/dist/index.html not found: run `npm run build:web` first.');
    return false;
  }
  const unmapped = unmappedPaths();
  const stack = await startPagesStack();
  const browser = await launchChromium();
  try {
    const states: Record<Visitor, BrowserContextOptions['storageState']> = {
      guest: undefined,
      member: await signedInState(browser, stack.baseUrl, stack.member),
      admin: await signedInState(browser, stack.baseUrl, stack.admin),
    };
    const pattern = rawKeyPattern();
    // `MELD_BENCH_PAGES=today,conversation` measures only the pages whose label contains one of them.
    const only = process.env.MELD_BENCH_PAGES?.split(',').map((part) => part.trim()).filter(Boolean);
    const visits = Object.values(VISITS)
      .flatMap((list) => list ?? [])
      .filter((visit) => !only?.length || only.some((part) => visit.label.includes(part)));
    const runs = visits.map((): PageFigures[] => []);
    for (let round = 0; round < RUNS; round++) {
      for (const [index, visit] of visits.entries()) {
        const { figures, storageState } = await measurePage(browser, `${stack.baseUrl}${visit.url(stack.ids)}`, states[visit.visitor], pattern);
        states[visit.visitor] = storageState;
        runs[index]!.push(figures);
      }
    }
    const results: Measured[] = visits.map((visit, index) => {
      const figures = medianFigures(runs[index]!);
      return { label: visit.label, visitor: visit.visitor, ...figures, runs: runs[index]!, over: overBudget(visit, figures) };
    });
    const tighter = visits.filter((visit) => visit.lcpBudgetMs !== undefined).map((visit) => `${visit.label} ${ms(visit.lcpBudgetMs!)}`);
    console.log(`Cold navigation per page, headless Chromium, CPU throttled ${CPU_THROTTLING}x (CDP Emulation.setCPUThrottlingRate), 1280x900, an empty cache each.`);
    console.log(`Each page opened ${RUNS} times (in rounds over all pages); the figures are the medians, with every run's TBT and LCP beside them.`);
    console.log(`Budgets: LCP < ${ms(LCP_BUDGET_MS)} (${tighter.join(', ')}), TBT < ${ms(TBT_BUDGET_MS)}, JS gzipped < ${kb(JS_BUDGET_BYTES.guest)} signed out, < ${kb(JS_BUDGET_BYTES.member)} signed in. "JS local" is uncompressed (the local server does not gzip).\n`);
    printPages(results);
    const over = results.filter((r) => r.over.length > 0).length;
    console.log(`\n${results.length} pages, ${over} over budget.`);
    for (const r of results.filter((result) => result.over.length > 0)) {
      console.log(`  ${r.label}: LCP ${r.lcpElement || 'none'}; largest scripts ${r.heaviest.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);
    }
    if (unmapped.length) console.log(`Not measured (add to bench/pages/visits.ts): ${unmapped.join(', ')}`);
    return unmapped.length === 0;
  } finally {
    await browser.close();
    await stack.stop();
  }
}
