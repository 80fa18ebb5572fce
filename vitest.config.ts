import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Each workspace owns its test setup; the root only lists them. */
const projects = ['shared', 'functions', 'web', 'infra', 'e2e'].filter((dir) => existsSync(`${dir}/vitest.config.ts`));

export default defineConfig({
  test: {
    projects,
    // The JSON report feeds the one-line summary CI prints (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
