import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_WEB_DIST } from '../infra/lib/paths.ts';

/** ARCHITECTURE.md section 7: the login page's initial JavaScript stays small. Gzipped, as CloudFront sends it. */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

export interface InitialJs {
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** Attribute value from one tag's source, quoted either way or bare. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The JavaScript the login page loads before anything else: index.html's scripts (the entry chunk
 * as a module script, session-start.ts as a classic one) and modulepreload links (Vite emits these
 * for the entry chunk's static imports).
 */
export function measureInitialJs(distDir = DEFAULT_WEB_DIST): InitialJs | undefined {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const html = readFileSync(indexPath, 'utf8');
  const sources = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) sources.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.split(/\s+/).includes('modulepreload') && href) sources.add(href);
  }
  const files = [...sources]
    .filter((src) => !/^(https?:)?\/\//.test(src))
    .map((src) => {
      const path = src.replace(/^\.?\//, '').split(/[?#]/)[0]!;
      return { path, gzipBytes: gzipSync(readFileSync(join(distDir, path))).length };
    });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files, their total and the budget, flagged when over. */
export function printInitialJs(web: InitialJs): void {
  console.log('Login page initial JavaScript (index.html scripts and modulepreloads, gzipped)\n');
  for (const file of web.files) console.log(`  ${file.path.padEnd(48)} ${kb(file.gzipBytes).padStart(10)}`);
  const verdict = web.gzipBytes > INITIAL_JS_BUDGET_BYTES ? `OVER the ${kb(INITIAL_JS_BUDGET_BYTES)} budget` : `within the ${kb(INITIAL_JS_BUDGET_BYTES)} budget`;
  console.log(`  ${'total'.padEnd(48)} ${kb(web.gzipBytes).padStart(10)}  ${verdict}`);
}
