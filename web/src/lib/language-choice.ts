import type { i18n as I18n } from 'i18next';
import { readCookie, writeCookie } from './cookies.ts';
import { LANG_COOKIE } from './i18n.ts';

/** The language menu: automatic first, then every language with resources (English for now). */
export const LANGUAGE_CHOICES = ['auto', 'en'] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export function isLanguageChoice(value: string): value is LanguageChoice {
  return (LANGUAGE_CHOICES as readonly string[]).includes(value);
}

/** A saved `lang` cookie names the choice; without one the browser's language is used. */
export function readLanguageChoice(): LanguageChoice {
  const saved = readCookie(LANG_COOKIE);
  return LANGUAGE_CHOICES.find((choice) => choice !== 'auto' && choice === saved) ?? 'auto';
}

/**
 * Switches the interface language. i18n saves every change in the cookie (spec 000 section 4),
 * so "auto" switches to the browser's language and then forgets the cookie: the next visit
 * detects again instead of pinning today's browser language.
 */
export async function applyLanguageChoice(i18n: I18n, choice: LanguageChoice): Promise<void> {
  if (choice !== 'auto') {
    await i18n.changeLanguage(choice);
    return;
  }
  await i18n.changeLanguage(navigator.language?.split('-')[0] || 'en');
  writeCookie(LANG_COOKIE, '', 0);
}
