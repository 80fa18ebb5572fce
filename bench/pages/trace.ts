import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { CPU_THROTTLING, settle } from './measure.ts';
import { signedInState } from './sign-in.ts';
import { startPagesStack } from './stack.ts';
import { VISITS } from './visits.ts';

/**
 * Where a page's main thread goes: opens one page of the pages bench cold, as it measures it (4x
 * CPU, an empty cache), with Chromium tracing and its sampling profiler on, and prints every long
 * task (over 50 ms) with what ran in it: the top-level trace events (script evaluation, layout,
 * style) and the functions the profiler sampled most, by their own time and by the script they
 * are in. For finding what to change; `npm run bench -- --only pages` is the verdict.
 *
 *   npx tsx bench/pages/trace.ts "conversation, 20"
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

interface Sample {
  ts: number;
  node: number;
}

const LONG_TASK_US = 50_000;
const TOP = Number(process.env.MELD_TRACE_TOP ?? 8);

function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const candidates = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain');
  // The page's renderer is the one that ran the most tasks.
  const counts = candidates.map((c) => ({ ...c, n: events.filter((e) => e.pid === c.pid && e.tid === c.tid && e.name === 'RunTask').length }));
  const best = counts.sort((a, b) => b.n - a.n)[0];
  if (!best) throw new Error('No renderer main thread in the trace');
  return { pid: best.pid, tid: best.tid };
}

/** The sampling profiler's samples, in trace time, and its call tree. */
function profileSamples(events: TraceEvent[], pid: number): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const starts = new Map<string, number>();
  for (const e of events.filter((ev) => ev.pid === pid && (ev.name === 'Profile' || ev.name === 'ProfileChunk'))) {
    const data = e.args?.data as Record<string, unknown> | undefined;
    if (!data) continue;
    if (e.name === 'Profile') {
      starts.set(e.id ?? '', data.startTime as number);
      continue;
    }
    const profile = data.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = (data.timeDeltas as number[] | undefined) ?? [];
    let ts = starts.get(e.id ?? '') ?? 0;
    for (const [i, node] of (profile?.samples ?? []).entries()) {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    }
    starts.set(e.id ?? '', ts);
  }
  return { samples, nodes };
}

const shortUrl = (url: string) => (url ? (url.split('/').at(-1) ?? url) : '');

// The build's hidden source maps (web/vite.config.ts), for naming minified frames.
const SOURCE_MAPS = fileURLToPath(new URL('../../web/sourcemaps/assets/', import.meta.url));
const maps = new Map<string, TraceMap | null>();
function sourceMap(script: string): TraceMap | null {
  if (!maps.has(script)) {
    const file = join(SOURCE_MAPS, `${script}.map`);
    maps.set(script, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(script)!;
}

/** A frame as written: its source file (from node_modules or src) and line, and its original name where the map has one. */
function frameName(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const script = shortUrl(frame.url);
  const map = sourceMap(script);
  const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : undefined;
  if (!original?.source) return `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
  const source = original.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
}

function top(counts: Map<string, number>, intervalMs: number): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, n]) => `${(n * intervalMs).toFixed(0).padStart(5)} ms  ${name}`)
    .join('\n      ');
}

/**
 * The profiler's samples between two trace times, counted by the function they were in (a native
 * call named with its caller) and by the script of the innermost frame that has one.
 */
function attribute(samples: Sample[], nodes: Map<number, ProfileNode>, from: number, to: number): { self: Map<string, number>; byScript: Map<string, number> } {
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const sample of samples.filter((s) => s.ts >= from && s.ts < to)) {
    const node = nodes.get(sample.node);
    if (!node) continue;
    let at: ProfileNode | undefined = node;
    while (at && !at.callFrame.url) at = at.parent === undefined ? undefined : nodes.get(at.parent);
    const name = at && at !== node ? `${frameName(node.callFrame)} <- ${frameName(at.callFrame)}` : frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const script = at ? shortUrl(at.callFrame.url) : `(${node.callFrame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + 1);
  }
  return { self, byScript };
}

/** The samples between two trace times by the package (or the app's folder) of the innermost frame with a script: which library the time is spent in. */
function byPackage(samples: Sample[], nodes: Map<number, ProfileNode>, from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sample of samples.filter((s) => s.ts >= from && s.ts < to)) {
    let at = nodes.get(sample.node);
    while (at && !at.callFrame.url) at = at.parent === undefined ? undefined : nodes.get(at.parent);
    const source = at ? frameName(at.callFrame).split(' ').at(-1)! : `(${nodes.get(sample.node)?.callFrame.functionName || 'native'})`;
    const name = source.startsWith('src/') ? source.split('/').slice(0, -1).join('/') : (source.match(/^(@[^/]+\/[^/]+|[^/:]+)/)?.[1] ?? source);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

const NOT_APP_CODE = '(not under app code)';

/** Which of the app's own functions the samples between two trace times ran under: the innermost frame from web/src. */
function underAppFunction(samples: Sample[], nodes: Map<number, ProfileNode>, from: number, to: number, label = (name: string) => name): Map<string, number> {
  const byApp = new Map<string, number>();
  for (const sample of samples.filter((s) => s.ts >= from && s.ts < to)) {
    let at = nodes.get(sample.node);
    while (at && !frameName(at.callFrame).includes(' src/')) at = at.parent === undefined ? undefined : nodes.get(at.parent);
    const name = at ? label(frameName(at.callFrame)) : NOT_APP_CODE;
    byApp.set(name, (byApp.get(name) ?? 0) + 1);
  }
  return byApp;
}

/** Prints each long task of the trace on the page's main thread, with what ran in it. */
export function describeLongTasks(events: TraceEvent[]): void {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US).sort((a, b) => a.ts - b.ts);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? tasks[0]?.ts ?? 0;
  const { samples, nodes } = profileSamples(events, pid);
  const interval = samples.length > 1 ? (samples.at(-1)!.ts - samples[0]!.ts) / (samples.length - 1) / 1000 : 0;
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    blocking += task.dur! / 1000 - 50;
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < end && e !== task && (e.dur ?? 0) > 5_000);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (!['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'v8.compile', 'MajorGC', 'MinorGC', 'V8.GC_MARK_COMPACTOR', 'Paint', 'PrePaint'].includes(e.name)) continue;
      const data = e.args?.data as { url?: string; functionName?: string } | undefined;
      const key = `${e.name}${data?.url ? ` ${shortUrl(data.url)}` : ''}${data?.functionName ? ` ${data.functionName}` : ''}`;
      kinds.set(key, (kinds.get(key) ?? 0) + e.dur! / 1000);
    }
    const { self, byScript } = attribute(samples, nodes, task.ts, end);
    console.log(`\nlong task at ${((task.ts - navigation) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms`);
    console.log(`  events:\n      ${[...kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `${v.toFixed(0).padStart(5)} ms  ${k}`).join('\n      ')}`);
    console.log(`  by script:\n      ${top(byScript, interval)}`);
    console.log(`  self time:\n      ${top(self, interval)}`);
  }
  // MELD_TRACE_TIMELINE=10 lists every task of at least that many ms, one line each, with the app
  // functions it ran under: the order of renders and commits that long tasks alone do not show.
  const timelineMs = Number(process.env.MELD_TRACE_TIMELINE ?? 0);
  if (timelineMs > 0) {
    console.log(`\ntasks of ${timelineMs} ms or more:`);
    for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= timelineMs * 1000).sort((a, b) => a.ts - b.ts)) {
      const end = task.ts + task.dur!;
      // Named by function and file only, to keep the line short.
      const byApp = underAppFunction(samples, nodes, task.ts, end, (name) => name.replace(/ src\/.*\//, ' '));
      byApp.delete(NOT_APP_CODE);
      const native = onMain.filter((e) => e.ts >= task.ts && e.ts < end && ['Layout', 'UpdateLayoutTree', 'Paint'].includes(e.name));
      const nativeMs = (name: string) => native.filter((e) => e.name === name).reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
      const apps = [...byApp.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${(v * interval).toFixed(0)}`).join(', ');
      console.log(`  ${((task.ts - navigation) / 1000).toFixed(0).padStart(5)} ms ${(task.dur! / 1000).toFixed(0).padStart(4)} ms  style ${nativeMs('UpdateLayoutTree').toFixed(0)} layout ${nativeMs('Layout').toFixed(0)} paint ${nativeMs('Paint').toFixed(0)}  ${apps}`);
    }
  }
  // MELD_TRACE_WINDOW=3800-4900 also sums what ran between those times (ms from navigation), long tasks or not.
  const window = process.env.MELD_TRACE_WINDOW?.split('-').map(Number);
  if (window?.length === 2) {
    const [from, to] = window.map((ms) => navigation + ms! * 1000) as [number, number];
    const { self, byScript } = attribute(samples, nodes, from, to);
    const byApp = underAppFunction(samples, nodes, from, to);
    console.log(`\nbetween ${window[0]} and ${window[1]} ms:\n  by package:\n      ${top(byPackage(samples, nodes, from, to), interval)}\n  by script:\n      ${top(byScript, interval)}\n  self time:\n      ${top(self, interval)}\n  under app function:\n      ${top(byApp, interval)}`);
  }
  printRequests(events, pid, navigation);
  console.log(`\n${tasks.length} long tasks, ${blocking.toFixed(0)} ms over 50 ms in all (from navigation, FCP not subtracted).`);
}

/** When each request went out and its answer was in, and the paints that count, in ms from navigation. */
function printRequests(events: TraceEvent[], pid: number, navigation: number): void {
  const at = (ts: number) => `${((ts - navigation) / 1000).toFixed(0).padStart(5)} ms`;
  const sent = new Map<string, { url: string; ts: number }>();
  const lines: [number, string][] = [];
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string; candidateIndex?: number; nodeName?: string; size?: number } | undefined;
    if (e.name === 'ResourceSendRequest' && data?.requestId) sent.set(data.requestId, { url: data.url ?? '', ts: e.ts });
    if (e.name === 'ResourceFinish' && data?.requestId && sent.has(data.requestId)) {
      const request = sent.get(data.requestId)!;
      const path = new URL(request.url).pathname;
      lines.push([request.ts, `${at(request.ts)} -> ${at(e.ts)}  ${path.startsWith('/assets/') ? shortUrl(path) : path}`]);
    }
    if (e.pid === pid && (e.name === 'firstContentfulPaint' || e.name === 'largestContentfulPaint::Candidate')) {
      lines.push([e.ts, `${at(e.ts)}  ** ${e.name}${data?.size ? ` (${data.nodeName ?? ''} ${data.size})` : ''}`]);
    }
  }
  console.log('\nrequests (sent -> finished) and paints:');
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(`  ${line}`);
}

/** The page's trace, and the browser's state after it (a visit rotates the session's refresh cookie). */
async function tracePage(browser: Browser, url: string, storageState: BrowserContextOptions['storageState']): Promise<{ events: TraceEvent[]; storageState: BrowserContextOptions['storageState'] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    const buffer = await browser.stopTracing();
    return { events: (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  // MELD_TRACE_LOAD=<file> describes a trace kept with MELD_TRACE_SAVE again, without a new visit.
  if (process.env.MELD_TRACE_LOAD) return describeLongTasks((JSON.parse(readFileSync(process.env.MELD_TRACE_LOAD, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  const label = process.argv[2] ?? 'conversation, 20';
  const visits = Object.values(VISITS).flatMap((list) => list ?? []);
  const visit = visits.find((v) => v.label === label) ?? visits.find((v) => v.label.includes(label));
  if (!visit) throw new Error(`No page labelled like "${label}" in bench/pages/visits.ts`);
  const stack = await startPagesStack();
  const browser = await launchChromium();
  try {
    let state = visit.visitor === 'guest' ? undefined : await signedInState(browser, stack.baseUrl, visit.visitor === 'admin' ? stack.admin : stack.member);
    const url = `${stack.baseUrl}${visit.url(stack.ids)}`;
    // MELD_TRACE_WARMUPS=<n> opens the page n times first: the bench's later runs find every route
    // the page calls already loaded in the local server, where a fresh stack loads each on first use.
    for (let i = 0; i < Number(process.env.MELD_TRACE_WARMUPS ?? 0); i++) state = (await tracePage(browser, url, state)).storageState;
    console.log(`Tracing ${visit.label} (${url}) at ${CPU_THROTTLING}x CPU`);
    const { events } = await tracePage(browser, url, state);
    // MELD_TRACE_SAVE=<file> keeps the raw trace, to open in Chromium's performance panel.
    if (process.env.MELD_TRACE_SAVE) writeFileSync(process.env.MELD_TRACE_SAVE, JSON.stringify({ traceEvents: events }));
    describeLongTasks(events);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
