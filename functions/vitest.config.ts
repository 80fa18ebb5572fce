import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Streaming handlers built with middy call awslambda.streamifyResponse when their module loads,
    // so the local stand-in for the Lambda runtime global must exist before any test imports one.
    setupFiles: ['src/local/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
