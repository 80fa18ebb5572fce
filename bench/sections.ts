import { rmSync } from 'node:fs';
import { routeList } from '@meld/shared';
import { printBundles } from './lambda-bundle-report.ts';
import { OUT_DIR, measureAllBundles } from './lambda-bundles.ts';
import { benchConversationRender, printRenderFigures } from './conversation-render.ts';
import { benchConversationApi, printApiFigures } from './conversations.ts';
import { benchBackgroundWork, printBackgroundFigures } from './background-work.ts';
import { benchStreaming, printStreamingFigures } from './streaming.ts';
import { runLoad } from './load/load.ts';
import { runFaults } from './faults/faults.ts';
import { measureInitialJs, printInitialJs } from './web-initial-js.ts';
import { benchDbPerRoute } from './db-per-route.ts';
import { benchPages } from './pages/index.ts';
import { benchCodeRunner } from './code-runner.ts';

/** One part of `npm run bench`: prints its figures and answers false when it could not run. */
export interface BenchSection {
  /** The name `--only` takes. */
  name: string;
  title: string;
  run: () => Promise<boolean>;
}

async function bundles(): Promise<boolean> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const results = await measureAllBundles(routeList.map((route) => route.handler));
  printBundles(results);
  return !results.some((r) => r.status === 'build-error' || r.status === 'import-error');
}

async function loginPageJs(): Promise<boolean> {
  const web = measureInitialJs();
  if (!web) {
    console.log('web/dist/index.html not found: run `npm run build:web` first.');
    return false;
  }
  printInitialJs(web);
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

async function backgroundWork(): Promise<boolean> {
  printBackgroundFigures(await benchBackgroundWork());
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
  { name: 'background', title: 'A 100,000-message conversation duplicated and deleted, and its account deleted: time to visible, time to done', run: backgroundWork },
  { name: 'pages', title: 'Every web page, cold, in Chromium: JavaScript, LCP, TBT', run: benchPages },
  { name: 'streaming', title: 'Streaming time to first token through the proxy', run: streaming },
  { name: 'load', title: '200 members at once for a minute: requests per second, latency, errors, nothing lost', run: runLoad },
  { name: 'faults', title: 'Faults injected: provider mid-stream, DynamoDB throttling, S3 failing, server killed mid-write', run: runFaults },
  { name: 'code-runner', title: 'Code runs, each in a process of its own: latency of a first and a warm run, JavaScript and Python', run: benchCodeRunner },
  { name: 'db', title: 'DynamoDB calls and consumed capacity per route, with little and with a lot of data', run: benchDbPerRoute },
];
