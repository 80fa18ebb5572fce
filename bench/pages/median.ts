import type { PageFigures } from './measure.ts';

/** The middle value (the lower middle of an even count): one slow or fast run does not move it. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/**
 * One page's runs as one row: each timing and size is its own median (TBT is load-sensitive, so a
 * single run says little); what the page showed (LCP element, heaviest scripts) is the median-TBT
 * run's, and a raw key seen in any run is reported.
 */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  const typical = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor((runs.length - 1) / 2)]!;
  const of = (pick: (f: PageFigures) => number) => median(runs.map(pick));
  return {
    ...typical,
    scripts: of((f) => f.scripts),
    jsTransferBytes: of((f) => f.jsTransferBytes),
    jsGzipBytes: of((f) => f.jsGzipBytes),
    fcpMs: of((f) => f.fcpMs),
    lcpMs: of((f) => f.lcpMs),
    tbtMs: of((f) => f.tbtMs),
    longTasks: of((f) => f.longTasks),
    rawKeys: [...new Set(runs.flatMap((f) => f.rawKeys))],
  };
}
