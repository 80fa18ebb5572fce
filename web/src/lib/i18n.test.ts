import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('i18n', () => {
  it('saves the chosen language in the lang cookie', async () => {
    await i18n.changeLanguage('fr');
    expect(document.cookie).toContain('lang=fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('falls back to English for languages without resources', async () => {
    await i18n.changeLanguage('de');
    expect(i18n.t('auth.header.login')).toBe('Welcome back');
  });
});
