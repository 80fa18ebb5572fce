import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/longest-first-sequencer.mjs';

/** Each workspace owns its test setup; the root only lists them. */
const projects = ['shared', 'functions', 'web', 'infra', 'e2e'].filter((dir) => existsSync(`${dir}/vitest.config.ts`));

export default defineConfig({
  test: {
    projects,
    // vitest's default is one worker fewer than the cores: one at a time on a 2-core machine. Many
    // files mostly wait (on a browser, a server, a child process), so one more worker than cores
    // keeps both cores busy. MELD_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.MELD_TEST_WORKERS) || availableParallelism() + 1,
    // The longest files first, so the short ones fill in around them (scripts/longest-first-sequencer.mjs).
    sequence: { sequencer: LongestFirstSequencer },
    // The JSON report feeds the summary CI prints (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
