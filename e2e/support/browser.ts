import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

/**
 * Launches headless Chromium with no background traffic to a network this machine lacks.
 * `fakeMicrophone`: Chromium's fake microphone (a steady tone) answers getUserMedia without a prompt.
 * `desktop`: the full browser people run, for tests of the browser's own network behaviour (the
 * shell, for one, makes no speculative preconnect, which the artifact sandbox's stated limit is about).
 */
export function launchBrowser(options: { fakeMicrophone?: boolean; desktop?: boolean } = {}): Promise<Browser> {
  const media = options.fakeMicrophone ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : [];
  return chromium.launch({
    executablePath: chromiumPath(options),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...media],
  });
}
