import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // A real start-up (web build, embedded services) and a real browser: minutes, not seconds.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
