import type { Page } from 'playwright-core';

export interface ScrollFigures {
  /** Wall time of the whole run, down and back up. */
  ms: number;
  frames: number;
  /** Vsyncs missed: a 50 ms frame at 60 Hz dropped two. */
  droppedFrames: number;
  medianFrameMs: number;
  p95FrameMs: number;
  worstFrameMs: number;
  longTasks: number;
  worstLongTaskMs: number;
  /** The most elements the document held at any point: bounded when the list is virtualised. */
  maxDomNodes: number;
  /** Text of the last row reached at the bottom. */
  lastRow: string;
}

export interface ScrollRun {
  /** A row inside the list: its nearest scrollable ancestor is scrolled (the window when none). */
  rowSelector: string;
  stepPx: number;
  /** At the bottom, how long the list may stay the same height before it counts as complete. */
  quietMs: number;
  capMs: number;
}

const FRAME_MS = 1000 / 60;

/**
 * Scrolls a list to its very end (waiting at the bottom while more rows load) and back to the
 * top, one step per animation frame, recording every frame, long task and the DOM's size.
 */
export async function scrollThrough(page: Page, run: ScrollRun): Promise<ScrollFigures> {
  const raw = await page.evaluate(async ({ rowSelector, stepPx, quietMs, capMs }) => {
    let element = document.querySelector(rowSelector);
    while (element && !(element.scrollHeight > element.clientHeight && /auto|scroll/.test(getComputedStyle(element).overflowY))) element = element.parentElement;
    const scroller = element ?? document.scrollingElement!;
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const durations: number[] = [];
    let maxNodes = document.getElementsByTagName('*').length;
    const started = performance.now();
    let last = started;
    let lastRow = '';
    // Down, then up. No named inner functions: the bench's TypeScript loader would wrap them in a
    // helper the page does not have.
    for (const direction of [1, -1]) {
      let height = -1;
      let sameSince = 0;
      while (performance.now() - started < capMs) {
        const atEnd = direction > 0 ? scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2 : scroller.scrollTop <= 0;
        if (atEnd && direction < 0) break;
        if (atEnd && scroller.scrollHeight !== height) [height, sameSince] = [scroller.scrollHeight, performance.now()];
        else if (atEnd && performance.now() - sameSince > quietMs) break;
        scroller.scrollTop += direction * stepPx;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        durations.push(now - last);
        last = now;
        if (durations.length % 10 === 0) maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
      }
      if (direction > 0) lastRow = (Array.from(document.querySelectorAll(rowSelector)).at(-1)?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    }
    observer.disconnect();
    return { ms: performance.now() - started, durations, tasks, maxNodes, lastRow };
  }, run);
  const sorted = [...raw.durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    ms: raw.ms,
    frames: raw.durations.length,
    droppedFrames: raw.durations.reduce((sum, d) => sum + Math.max(0, Math.round(d / FRAME_MS) - 1), 0),
    medianFrameMs: at(0.5),
    p95FrameMs: at(0.95),
    worstFrameMs: sorted.at(-1) ?? 0,
    longTasks: raw.tasks.length,
    worstLongTaskMs: Math.max(0, ...raw.tasks),
    maxDomNodes: raw.maxNodes,
    lastRow: raw.lastRow,
  };
}
