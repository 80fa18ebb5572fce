import i18next from 'i18next';
import { common } from '@/locales/en/common.ts';
import { readCookie, writeCookie } from './cookies.ts';

export const LANG_COOKIE = 'lang';
const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/** The saved choice (cookie `lang`), else the browser's language; unknown ones fall back to English. */
function detectLanguage(): string {
  return readCookie(LANG_COOKIE) ?? navigator.language?.split('-')[0] ?? 'en';
}

export const i18n = i18next.createInstance();

void i18n.init({
  // What every page of both entries shows; the app adds the sign-in page's (sign-in-strings.ts) and
  // the rest arrives with the routes that show it (locale-parts.ts). A copy, because adding a part
  // writes into the object i18next holds.
  resources: { en: { translation: { ...common } } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

document.documentElement.lang = i18n.language;

i18n.on('languageChanged', (language) => {
  writeCookie(LANG_COOKIE, language, LANG_COOKIE_MAX_AGE_SECONDS);
  document.documentElement.lang = language;
});
