import type { Page, Response } from 'playwright-core';
import type { RunningApp } from './app.ts';

const CONVERSATION_URL = /\/c\/(?!new)[\w-]+$/;

/**
 * Opens /c/new, sends `text` with Enter once the model menu has loaded (a person would see the
 * button come alive), waits for the page to move to the conversation's address and for the reply
 * to finish; answers the conversation's id.
 *
 * The accessibility suites' first send timed out three times on busy CI runs (ci33, ci38, ci40)
 * and never on a quiet machine, with nothing to say why. A timeout here now says what the page
 * showed: its address, the composer's text, any alert, the API calls it made and the server's
 * last output, so the next one is a finding rather than a guess.
 */
export async function sendFromNewChat(page: Page, app: RunningApp, text: string): Promise<string> {
  const started = Date.now();
  const calls: string[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${Date.now() - started} ms ${response.status()} ${response.request().method()} ${url.pathname}`);
  };
  const onFailed = (request: { url: () => string; failure: () => { errorText: string } | null }) => calls.push(`${Date.now() - started} ms failed ${request.url()} ${request.failure()?.errorText ?? ''}`);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  let step = 'opening /c/new';
  try {
    await page.goto(`${app.baseUrl}/c/new`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    step = 'waiting for Send to come alive';
    await page.getByRole('button', { name: 'Send message', disabled: false }).waitFor({ timeout: 15_000 });
    await box.press('Enter');
    calls.push(`${Date.now() - started} ms Enter pressed`);
    step = "waiting for the conversation's address";
    await page.waitForURL(CONVERSATION_URL, { timeout: 60_000 });
    step = 'waiting for the reply to finish';
    await page.getByRole('button', { name: 'Stop generating' }).waitFor({ state: 'detached', timeout: 30_000 });
    return new URL(page.url()).pathname.split('/').at(-1)!;
  } catch (error) {
    throw new Error(`The first send failed ${step}: ${await describe(page, app, calls)}`, { cause: error });
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
}

async function describe(page: Page, app: RunningApp, calls: string[]): Promise<string> {
  const composer = await page
    .getByRole('textbox', { name: 'Message' })
    .inputValue({ timeout: 1_000 })
    .catch(() => '(no composer)');
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  const output = (await app.output().catch(() => '')).slice(-2_000);
  return [`at ${page.url()}`, `composer: ${JSON.stringify(composer)}`, `alerts: ${JSON.stringify(alerts)}`, 'calls:', ...calls, 'server output (end):', output].join('\n');
}
