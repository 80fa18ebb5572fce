import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, transformWithOxc, type Connect, type Plugin } from 'vite';
// Node loads this config (bundled by Vite, which leaves @meld/shared's TypeScript to Node, which cannot read it),
// so the one table is imported by its file: a schema-free module.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- see above
import { APP_HTML_ENTRY, htmlEntryFor, isFilePath } from '../shared/src/html-entries.ts';
import { chunkGroupName } from './chunk-groups.ts';
import { PUBLIC_PAGE_PARTS, SHARE_PAGE_PARTS, SIGNED_IN_PARTS } from './src/lib/locale-part-sets.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const sharedSrc = fileURLToPath(new URL('../shared/src', import.meta.url));
const apiOrigin = process.env.MELD_API_ORIGIN ?? 'http://localhost:3080';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** Where the build's source maps go: beside dist, never in it, since dist is what the site serves. */
const sourceMapDir = fileURLToPath(new URL('./sourcemaps', import.meta.url));

/**
 * Source maps hold the full source text, so they are not published (issue 21): Vite writes them
 * 'hidden' (no sourceMappingURL comment) and this moves them out of dist once the build is written,
 * keeping them for decoding a stack trace by hand.
 */
function keepSourceMapsOutOfDist(): Plugin {
  return {
    name: 'meld:source-maps-out-of-dist',
    apply: 'build',
    buildStart() {
      rmSync(sourceMapDir, { recursive: true, force: true });
    },
    closeBundle() {
      for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.map'))) {
        mkdirSync(dirname(join(sourceMapDir, file)), { recursive: true });
        renameSync(join(outDir, file), join(sourceMapDir, file));
      }
    },
  };
}

/**
 * The dev and preview servers answer a page with its HTML document as CloudFront and the local
 * server do (one table, shared/src/html-entries.ts): /share/<id> gets share.html. Vite's own
 * fallback then serves index.html to the rest.
 */
function servePagesTheirEntry(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const path = (req.url ?? '/').split(/[?#]/, 1)[0]!;
    if ((req.method === 'GET' || req.method === 'HEAD') && !isFilePath(path) && htmlEntryFor(path) !== APP_HTML_ENTRY) req.url = htmlEntryFor(path);
    next();
  };
  return {
    name: 'meld:serve-pages-their-entry',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

const SESSION_START = 'src/session-start.ts';

/**
 * The app's document runs src/session-start.ts first, as a classic script in its head, so a
 * signed-in page's session refresh leaves before the app's code has downloaded (issue 25 §7).
 * Classic, not a module: module scripts, async ones too, ran only after the app's modules had
 * been compiled, and the refresh's Web Lock was granted only after the entry had run. The build
 * strips its types and emits it as a hashed asset; the dev server serves the source as a module.
 */
function sessionStartFirst(): Plugin {
  const source = fileURLToPath(new URL(`./${SESSION_START}`, import.meta.url));
  let building = false;
  let base = '/';
  return {
    name: 'meld:session-start-first',
    configResolved(config) {
      building = config.command === 'build';
      base = config.base;
    },
    async buildStart() {
      if (!building) return;
      this.addWatchFile(source);
      const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' });
      if (/^\s*(import|export)\b/m.test(code)) throw new Error(`${SESSION_START} must be a classic script: no import or export`);
      // It holds up the parser in <head>: its comments (the why) stay in the source.
      this.emitFile({ type: 'asset', name: 'session-start.js', source: code.replace(/^\s*\/\/.*\n/gm, '') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.path.endsWith('/index.html') && ctx.path !== '/') return html;
        const built = Object.values(ctx.bundle ?? {}).find((file) => file.type === 'asset' && file.names.includes('session-start.js'));
        if (ctx.bundle && !built) throw new Error(`${SESSION_START} was not emitted`);
        const tag = built ? `<script src="${base}${built.fileName}"></script>` : `<script type="module" src="${base}${SESSION_START}"></script>`;
        const entry = '<script type="module"';
        if (!html.includes(entry)) throw new Error('index.html has no module script to run session-start.ts before');
        return html.replace(entry, `${tag}\n    ${entry}`);
      },
    },
  };
}

/**
 * react-router's package resolves to its development build under every condition (its issue 14102),
 * so production builds shipped its development warnings. The build takes its production files: the
 * same code with the warnings off. Both names map, so one copy of the router is bundled.
 */
const productionRouter = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), keepSourceMapsOutOfDist(), servePagesTheirEntry(), sessionStartFirst()],
  resolve: { alias: [{ find: '@', replacement: src }, ...(command === 'build' ? productionRouter : [])] },
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
    sourcemap: 'hidden',
    rolldownOptions: {
      // Two documents (decision 0046): the app, and the public shared conversation without the router or the signed-in app.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), share: fileURLToPath(new URL('./share.html', import.meta.url)) },
      treeshake: {
        // @meld/shared's schema modules build zod objects at import time, which a bundler must
        // otherwise keep. Declaring the package side-effect free drops the modules a page uses
        // nothing from; a module it does use keeps all its top-level schemas (zod's builder calls
        // are not provably pure), which is why the constants the browser reads live in
        // schema-free modules (shared/src/*-constants.ts).
        moduleSideEffects: (id: string) => !id.startsWith(sharedSrc),
      },
      // A route module shares its chunk with the modules only it needs: the chunk may export more than the module.
      preserveEntrySignatures: 'allow-extension',
      // The signed-in shell, each signed-in page and each set of strings as one chunk (chunk-groups.ts).
      output: { codeSplitting: { groups: [{ debugName: 'meld', ...chunkGroupName(SIGNED_IN_PARTS, SHARE_PAGE_PARTS, PUBLIC_PAGE_PARTS), includeDependenciesRecursively: false }] } },
    },
  },
}));
