import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A test that types and clicks through a page takes a few seconds alone and more while the other
    // projects' files run beside it: vitest's 5 s default fails on a busy machine, not on a bug.
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
    // A fresh jsdom window and module graph per file cost four fifths of this project's time (256 s
    // alone on 2 cores, 65 s without). Files in a worker share them; src/test/setup.ts starts each
    // file on a blank page and puts every app store back after each test.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
