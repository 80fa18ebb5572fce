import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../e2e/support/browser.ts';
import { CPU_THROTTLING, measurePage } from './measure.ts';
import { median } from './median.ts';
import { signedInState } from './sign-in.ts';
import { startPagesStack } from './stack.ts';
import { VISITS } from './visits.ts';

/**
 * Two builds of the web app, compared page by page, visit by visit: the pages bench's cold visit
 * (measure.ts), alternating between the builds on one stack, so both meet the same machine. This
 * 2-core machine's speed drifts by a fifth from one hour to the next, more than most changes move
 * a page; two bench runs an hour apart compare the hours, not the builds.
 *
 *   cp -r web/dist /tmp/before   # build, change, build again
 *   MELD_BENCH_CPU=1.5 npx tsx bench/pages/ab.ts /tmp/before web/dist 12 "conversation"
 *
 * Both builds' assets sit in one served folder (their names are content hashed); the documents are
 * swapped before each visit. The last argument picks pages whose label contains it.
 */

interface Series {
  tbt: number[];
  lcp: number[];
}

/** The bench's check for untranslated keys is not what this compares: a pattern that never matches. */
const NO_RAW_KEYS = /(?!)/g;

async function main(): Promise<void> {
  const [before, after, visitsArg = '10', filter = ''] = process.argv.slice(2);
  if (!before || !after) throw new Error('usage: npx tsx bench/pages/ab.ts <dist before> <dist after> [visits] [page label filter]');
  const rounds = Number(visitsArg);
  const served = mkdtempSync(join(tmpdir(), 'meld-ab-'));
  cpSync(before, served, { recursive: true });
  cpSync(join(after, 'assets'), join(served, 'assets'), { recursive: true, force: false });
  const documents = [before, after].map((dist) => ({ index: readFileSync(join(dist, 'index.html'), 'utf8'), share: readFileSync(join(dist, 'share.html'), 'utf8') }));
  const visits = Object.values(VISITS)
    .flatMap((list) => list ?? [])
    .filter((visit) => visit.label.includes(filter));
  const stack = await startPagesStack({ webDistDir: served });
  const browser = await launchChromium();
  try {
    const states: Record<string, Parameters<typeof measurePage>[2]> = {
      guest: undefined,
      member: await signedInState(browser, stack.baseUrl, stack.member),
      admin: await signedInState(browser, stack.baseUrl, stack.admin),
    };
    const results = visits.map((): [Series, Series] => [{ tbt: [], lcp: [] }, { tbt: [], lcp: [] }]);
    console.log(`${visits.length} pages, ${rounds} visits each per build, ${CPU_THROTTLING}x CPU; before: ${before}, after: ${after}`);
    for (let round = 0; round < rounds; round++) {
      for (const [index, visit] of visits.entries()) {
        // Each build goes first in every other round.
        for (const build of round % 2 ? [1, 0] : [0, 1]) {
          writeFileSync(join(served, 'index.html'), documents[build]!.index);
          writeFileSync(join(served, 'share.html'), documents[build]!.share);
          const { figures, storageState } = await measurePage(browser, `${stack.baseUrl}${visit.url(stack.ids)}`, states[visit.visitor], NO_RAW_KEYS, served);
          states[visit.visitor] = storageState;
          results[index]![build]!.tbt.push(Math.round(figures.tbtMs));
          results[index]![build]!.lcp.push(Math.round(figures.lcpMs));
        }
      }
    }
    for (const [index, visit] of visits.entries()) {
      const [a, b] = results[index]!;
      // The change per visit pair: the drift between rounds cancels out of it.
      const lcpChange = median(b!.lcp.map((lcp, i) => lcp - a!.lcp[i]!));
      console.log(`\n${visit.label}`);
      console.log(`  before  LCP median ${median(a!.lcp)} ms, TBT median ${median(a!.tbt)} ms   LCP ${a!.lcp.join('/')}  TBT ${a!.tbt.join('/')}`);
      console.log(`  after   LCP median ${median(b!.lcp)} ms, TBT median ${median(b!.tbt)} ms   LCP ${b!.lcp.join('/')}  TBT ${b!.tbt.join('/')}`);
      console.log(`  LCP change, median of the visit pairs: ${lcpChange > 0 ? '+' : ''}${lcpChange} ms`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(served, { recursive: true, force: true });
  }
}

await main();
