import { describe, expect, it, vi } from 'vitest';
import { eagerEn } from '@/locales/en/eager.ts';
import { en } from '@/locales/en/index.ts';

// A fresh i18n instance per test: the shared setup gives the suite's one all of English.
async function freshModules() {
  vi.resetModules();
  const [{ i18n }, parts] = await Promise.all([import('./i18n.ts'), import('./locale-parts.ts')]);
  return { i18n, ...parts };
}

describe('locale parts', () => {
  it('starts with only the strings every page shows, and the app adds the sign-in page strings', async () => {
    const { i18n } = await freshModules();

    expect(i18n.t('errors.network')).toBe(en.errors.network);
    expect(i18n.exists('auth.header.login')).toBe(false);
    await import('./sign-in-strings.ts');
    expect(i18n.t('auth.header.login')).toBe(en.auth.header.login);
    expect(i18n.exists('today.title')).toBe(false);
  });

  it('loads every part of English the entry bundle leaves out, unchanged', async () => {
    const { i18n, loadLocaleParts } = await freshModules();
    await import('./sign-in-strings.ts');
    const lazyParts = Object.keys(en).filter((key) => !(key in eagerEn)) as Parameters<typeof loadLocaleParts>[0][number][];

    await loadLocaleParts(lazyParts);

    expect(i18n.getResourceBundle('en', 'translation')).toEqual(en);
  });

  it('resolves a lazy route with its module once its strings are translatable', async () => {
    const { i18n, withLocaleParts } = await freshModules();
    const route = withLocaleParts(['today'], () => Promise.resolve({ Component: 'today-page' }));

    const module = await route();

    expect(module).toEqual({ Component: 'today-page' });
    expect(i18n.t('today.title')).toBe(en.today.title);
  });
});
