import { rmSync } from 'node:fs';
import { routeList } from '@meld/shared';
import { BUNDLE_BUDGET_BYTES, OUT_DIR, measureBundle, type BundleResult } from './lambda-bundles.ts';
import { benchConversationRender, printRenderFigures } from './conversation-render.ts';
import { benchConversationApi, printApiFigures } from './conversations.ts';
import { benchStreaming, printStreamingFigures } from './streaming.ts';
import { measureInitialJs } from './web-initial-js.ts';

/** One part of `npm run bench`: prints its figures and answers false when it could not run. */
export interface BenchSection {
  /** The name `--only` takes. */
  name: string;
  title: string;
  run: () => Promise<boolean>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

function printBundles(results: BundleResult[]): void {
  const header = ['handler', 'bundle', 'gzip', 'import (median of 5)', 'budget'];
  const rows = results.map((result) => {
    switch (result.status) {
      case 'missing':
        return [result.handler, '-', '-', '-', 'no handler module'];
      case 'build-error':
        return [result.handler, '-', '-', '-', 'BUILD FAILED'];
      case 'import-error':
        return [result.handler, kb(result.bytes), kb(result.gzipBytes), 'failed', 'IMPORT FAILED'];
      case 'ok':
        return [
          result.handler,
          kb(result.bytes),
          kb(result.gzipBytes),
          `${result.importMs.toFixed(1)} ms`,
          result.bytes > BUNDLE_BUDGET_BYTES ? `OVER ${kb(BUNDLE_BUDGET_BYTES)}` : 'ok',
        ];
    }
  });
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((r) => r[i]!.length)));
  console.log(`Lambda bundles (bench/out/, budget ${kb(BUNDLE_BUDGET_BYTES)} minified)\n`);
  console.log(row(header, widths));
  for (const r of rows) console.log(row(r, widths));

  for (const result of results) {
    if (result.status === 'build-error' || result.status === 'import-error') console.log(`\n${result.handler}: ${result.error}`);
    if (result.status === 'ok' && result.bytes > BUNDLE_BUDGET_BYTES) {
      const parts = result.heaviest.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ');
      console.log(`\n${result.handler} is over budget; largest parts: ${parts}`);
    }
  }
}

async function bundles(): Promise<boolean> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const results: BundleResult[] = [];
  for (const route of routeList) results.push(await measureBundle(route));
  printBundles(results);
  return !results.some((r) => r.status === 'build-error' || r.status === 'import-error');
}

async function loginPageJs(): Promise<boolean> {
  const web = measureInitialJs();
  console.log('Login page initial JavaScript (index.html module scripts and modulepreloads, gzipped)\n');
  if (!web) {
    console.log('web/dist/index.html not found: run `npm run build:web` first.');
    return false;
  }
  for (const file of web.files) console.log(`  ${file.path.padEnd(48)} ${kb(file.gzipBytes).padStart(10)}`);
  console.log(`  ${'total'.padEnd(48)} ${kb(web.gzipBytes).padStart(10)}`);
  return true;
}

async function conversations(): Promise<boolean> {
  const api = await benchConversationApi();
  try {
    printApiFigures(api.figures);
    if (measureInitialJs()) printRenderFigures(await benchConversationRender(api.baseUrl, api.credentials, api.conversationId));
  } finally {
    await api.stop();
  }
  return true;
}

async function streaming(): Promise<boolean> {
  printStreamingFigures(await benchStreaming());
  return true;
}

/** In the order `npm run bench` runs them. Add a section here, one line, its code in its own module. */
export const sections: BenchSection[] = [
  { name: 'bundles', title: 'Lambda bundle sizes and cold import times', run: bundles },
  { name: 'login-js', title: 'Login page initial JavaScript', run: loginPageJs },
  { name: 'conversations', title: '5,000 conversations and a 2,000-message conversation, API and browser', run: conversations },
  { name: 'streaming', title: 'Streaming time to first token through the proxy', run: streaming },
];
