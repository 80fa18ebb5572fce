import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const sharedSrc = fileURLToPath(new URL('../shared/src', import.meta.url));
const apiOrigin = process.env.MELD_API_ORIGIN ?? 'http://localhost:3080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/health': { target: apiOrigin, changeOrigin: false },
      '/oauth': { target: apiOrigin, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @meld/shared's schema modules build zod objects at import time, which a bundler must
        // otherwise keep. Declaring the package side-effect free drops the modules a page uses
        // nothing from; a module it does use keeps all its top-level schemas (zod's builder calls
        // are not provably pure), which is why the constants the browser reads live in
        // schema-free modules (shared/src/*-constants.ts).
        moduleSideEffects: (id: string) => !id.startsWith(sharedSrc),
      },
    },
  },
});
