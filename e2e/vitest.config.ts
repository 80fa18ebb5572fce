import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // Each file starts the app with `npm start`, which rebuilds web/dist: two at once would delete
    // each other's assets mid-test. One file at a time, also kinder to a 2-core CI machine.
    fileParallelism: false,
    // A real start-up (web build, embedded services) and a real browser: minutes, not seconds.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
