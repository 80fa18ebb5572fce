import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // Starts the apps on demand, one per distinct configuration, on the web build made once per run.
    globalSetup: ['./support/global-setup.ts'],
    // A process per file re-imported playwright-core and the harness each time (2.5 s a file).
    isolate: false,
    setupFiles: ['./support/setup.ts'],
    // A real browser against a real server: seconds per step on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // What a page shows after a click can take seconds on a busy 2-core machine; a poll waits, it asserts the same.
    expect: { poll: { timeout: 15_000 } },
  },
});
