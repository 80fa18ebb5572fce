import { rmSync } from 'node:fs';

// Lambda runs Node 22; the AWS SDK's notice about this machine's Node 20 is noise in the figures.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { routeList } from '@meld/shared';
import { BUNDLE_BUDGET_BYTES, OUT_DIR, measureBundle, type BundleResult } from './lambda-bundles.ts';
import { benchConversationRender, printRenderFigures } from './conversation-render.ts';
import { benchConversationApi, printApiFigures } from './conversations.ts';
import { benchStreaming, printStreamingFigures } from './streaming.ts';
import { measureInitialJs } from './web-initial-js.ts';

/**
 * `npm run bench`: each Lambda bundle's size, gzip size and cold import time, then the login
 * page's initial JavaScript. Budgets are flagged, not enforced: the exit code is non-zero only
 * when something fails to build or load.
 */

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

async function main(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const results: BundleResult[] = [];
  for (const route of routeList) results.push(await measureBundle(route));
  printBundles(results);

  const web = measureInitialJs();
  console.log('\nLogin page initial JavaScript (index.html module scripts and modulepreloads, gzipped)\n');
  if (!web) {
    console.log('web/dist/index.html not found: run `npm run build:web` first.');
  } else {
    for (const file of web.files) console.log(`  ${file.path.padEnd(48)} ${kb(file.gzipBytes).padStart(10)}`);
    console.log(`  ${'total'.padEnd(48)} ${kb(web.gzipBytes).padStart(10)}`);
  }

  const api = await benchConversationApi();
  try {
    printApiFigures(api.figures);
    if (web) printRenderFigures(await benchConversationRender(api.baseUrl, api.credentials, api.conversationId));
  } finally {
    await api.stop();
  }

  printStreamingFigures(await benchStreaming());

  if (results.some((r) => r.status === 'build-error' || r.status === 'import-error')) process.exitCode = 1;
}

await main();
