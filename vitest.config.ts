import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'functions', 'web', 'infra', 'e2e'],
  },
});
