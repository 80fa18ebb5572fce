import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Synthesising the whole stack takes a few seconds per test file, more on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
