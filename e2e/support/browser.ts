import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser as Chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's headless shell
 * (`chromium-headless-shell`, the same Chromium build without the desktop browser's UI, which
 * Playwright itself runs for headless tests: a third of the launch time and a fifth less CPU a page
 * here, decision 0030), else Debian's full `/usr/bin/chromium` in headless mode.
 * scripts/ensure-chromium.mjs installs them on a fresh machine.
 */
export function chromiumPath(options: { desktop?: boolean } = {}): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return !options.desktop && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

export interface BrowserOptions {
  /** Chromium's fake microphone (a steady tone) answers getUserMedia without a prompt. */
  fakeMicrophone?: boolean;
  /**
   * The full browser people run, for tests of the browser's own network behaviour (the shell, for
   * one, makes no speculative preconnect, which the artifact sandbox's stated limit is about).
   */
  desktop?: boolean;
}

/**
 * A test file's share of the worker's browser: its own contexts (each as isolated as a fresh
 * browser profile: cookies, storage, cache), all closed by `close()`. The Chromium process behind
 * it stays up for the worker's next file, which would otherwise pay a launch (about 2 CPU-s).
 */
export interface Browser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own, as Playwright's `browser.newPage()`. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The worker's running browsers, one per kind. On `globalThis`: e2e/support/setup.ts loads this
 * module afresh for each file (vi.resetModules), and a module-level map would launch, and leave
 * running, a Chromium per file.
 */
const running: Map<string, Promise<Chromium>> = ((globalThis as { meldE2eChromium?: Map<string, Promise<Chromium>> }).meldE2eChromium ??= new Map());

/** A Chromium of the caller's own, for a script that owns its process (the bench); test files use {@link launchBrowser}. */
export function launchChromium(options: BrowserOptions = {}): Promise<Chromium> {
  const media = options.fakeMicrophone ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : [];
  // Headless, with no background traffic to a network this machine lacks.
  return chromium.launch({
    executablePath: chromiumPath(options),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...media],
  });
}

async function shared(options: BrowserOptions): Promise<Chromium> {
  const key = JSON.stringify([Boolean(options.fakeMicrophone), Boolean(options.desktop)]);
  let pending = running.get(key);
  if (pending && !(await pending.then((browser) => browser.isConnected(), () => false))) pending = undefined;
  if (!pending) {
    pending = launchChromium(options);
    running.set(key, pending);
  }
  return pending;
}

/** The contexts this file's leases opened and have not closed: what a failed test leaves on screen. */
const openContexts = new Set<BrowserContext>();

/**
 * What each open page of this file shows (its address and text, and a screenshot under
 * test-results/e2e/failures/), for support/setup.ts to print when a test fails: a CI log then
 * says what the browser saw, not only which wait timed out.
 */
export async function describeOpenPages(testName: string, fileName: string): Promise<string> {
  const pages = [...openContexts].flatMap((context) => context.pages());
  const lines = await Promise.all(
    pages.map(async (page, index) => {
      const file = join(FAILURE_SHOTS, `${basename(fileName, '.e2e.test.ts')}--${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`);
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: Error) => `(no text: ${error.message.split('\n')[0]})`);
      await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
      return `page ${index + 1} of ${pages.length}: ${page.url()}\n${text.replace(/\n{2,}/g, '\n').slice(0, 3_000)}\n(screenshot: ${file})`;
    }),
  );
  return lines.join('\n\n');
}
const FAILURE_SHOTS = fileURLToPath(new URL('../../test-results/e2e/failures/', import.meta.url));

/**
 * Each page of the tests asks for reduced transparency (macOS's and Windows' setting; the app then
 * drops its backdrop blurs, web/src/styles/index.css). This machine has no GPU: Chromium composites
 * a blur behind a dialog or the sticky header in software on every frame, which was five sixths of
 * the GPU process's CPU in the browser tests (decision 0030). No test is about the blur's look;
 * reduced-effects.e2e.test.ts checks that the app honours the setting and blurs without it.
 * Playwright's emulateMedia has no such feature yet, so it goes through the DevTools protocol; the
 * media query is live, so a page that loads before this lands only starts blurred.
 */
export async function preferLessTransparency(page: Page, value: 'reduce' | 'no-preference' = 'reduce'): Promise<void> {
  try {
    const session = await page.context().newCDPSession(page);
    // The session stays open with the page: detaching it would undo the emulation.
    await session.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-transparency', value }] });
  } catch {
    // The page closed first: nothing to emulate.
  }
}

/**
 * Each context also asks for reduced motion (the operating system setting; the app then ends its
 * animations and transitions at once, web/src/styles/index.css). Every page entry, dialog and
 * toast otherwise animates, and each frame of it is painted in software here: a sixth of the e2e
 * project's CPU (decision 0032). No check reads a state halfway through a movement: the layout
 * and accessibility checks wait until animations end. A test about motion passes
 * `reducedMotion: 'no-preference'`; reduced-effects.e2e.test.ts checks that the app moves without
 * the setting and not with it.
 */
const CONTEXT_DEFAULTS: BrowserContextOptions = { reducedMotion: 'reduce' };

/** A browser for one test file (see {@link Browser}); `close()` in its afterAll. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const chromium = await shared(options);
  const contexts = new Set<BrowserContext>();
  const newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await chromium.newContext({ ...CONTEXT_DEFAULTS, ...contextOptions });
    context.on('page', (page) => void preferLessTransparency(page));
    contexts.add(context);
    openContexts.add(context);
    context.once('close', () => {
      contexts.delete(context);
      openContexts.delete(context);
    });
    return context;
  };
  return {
    newContext,
    newPage: async (contextOptions) => (await newContext(contextOptions)).newPage(),
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    },
  };
}

/**
 * Resizes the page and waits for two frames. Chromium applies some of a resize only at its next
 * frame (viewport units such as `dvh` among them), so a box read straight after `setViewportSize`
 * can still be laid out for the size before.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
