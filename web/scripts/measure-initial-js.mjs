// Gzipped size of the JavaScript a first visit downloads: index.html's entry script and its
// modulepreloads, plus (optionally) the lazy route chunks named on the command line together with
// the chunks they import statically.
// Usage: node web/scripts/measure-initial-js.mjs [chunk-prefix ...]
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const assets = readdirSync(join(dist, 'assets'));
const extra = process.argv.slice(2).map((prefix) => {
  const file = assets.find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (!file) throw new Error(`No chunk starts with ${prefix}`);
  return `assets/${file}`;
});

/** A chunk's static imports, transitively (dynamic import() calls are not followed). */
function withStaticImports(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${match[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
let total = 0;
const entry = withStaticImports(initial);
const lazy = withStaticImports(extra).filter((file) => !entry.includes(file));
for (const file of [...entry, ...lazy]) {
  const size = gz(file);
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} kB  ${file}${lazy.includes(file) ? '  (route chunk)' : ''}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} kB  total gzipped`);
