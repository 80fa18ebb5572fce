import type { Page } from 'playwright-core';

/** Captures a fragment as a member does from any programme page: the + button, New Fragment, Capture. */
export async function captureQuickFragment(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Quick add' }).click();
  await page.getByRole('menuitem', { name: 'New Fragment' }).click();
  const quick = page.getByRole('dialog', { name: 'Quick Fragment' });
  await quick.getByRole('textbox', { name: 'Fragment' }).fill(text);
  await quick.getByRole('button', { name: 'Capture' }).click();
  await quick.waitFor({ state: 'detached' });
}
