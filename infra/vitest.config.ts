import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Files in one worker share modules, so the default stack is synthesised once per worker
    // (test/support/synth.ts); no file mocks modules or depends on a fresh module state.
    isolate: false,
    // Synthesising the whole stack takes a few seconds per test file, more on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
