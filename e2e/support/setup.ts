import { afterEach, vi } from 'vitest';

// The files of a worker share one process (isolate: false in vitest.config.ts), which keeps
// playwright-core and the other packages loaded; our own modules load afresh for each file, so no
// module state (a world's ids, a listener's counters) carries from one file to the next.
vi.resetModules();

// A failed test prints what its pages showed. Imported here, after the reset, so it is the same
// module instance (and so the same open pages) as the test file's.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const { describeOpenPages } = await import('./browser.ts');
  const report = await describeOpenPages(task.name, task.file.name);
  if (report) console.error(`What the browser showed when "${task.name}" failed:\n${report}`);
});
