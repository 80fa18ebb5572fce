import type { Page } from 'playwright-core';

/** The composer's model picker button, named "Model: " and the chosen model's label. */
export const modelPicker = (page: Page) => page.getByRole('button', { name: /^Model:/ });

/** Picks a model the way a member does: opens the picker, searches for the model id and clicks its row. */
export async function chooseModel(page: Page, model: string, { timeout = 15_000 } = {}) {
  // The click waits for the button to be enabled: the models have loaded.
  await modelPicker(page).click({ timeout });
  await page.getByRole('combobox', { name: 'Search models' }).fill(model);
  const row = page.locator(`[role="option"][title="${model}"]`);
  await row.waitFor({ timeout });
  await row.click();
  await page.getByRole('listbox', { name: 'Model' }).waitFor({ state: 'detached' });
}
