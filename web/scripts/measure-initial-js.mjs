// Gzipped size of the JavaScript a first visit downloads: index.html's entry script and its
// modulepreloads, plus (optionally) the lazy route chunks named on the command line.
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

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
let total = 0;
for (const file of [...initial, ...extra]) {
  const size = gz(file);
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} kB  ${file}${extra.includes(file) ? '  (lazy route)' : ''}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} kB  total gzipped`);
