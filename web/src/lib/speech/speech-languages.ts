/**
 * Locales offered for dictation and speech (spec 000 section 9: a long list). '' follows the
 * browser. Names come from Intl in the reader's language, so no string table is needed.
 */
export const SPEECH_LOCALES = [
  'ar-SA', 'bn-IN', 'cs-CZ', 'da-DK', 'de-DE', 'el-GR', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'fa-IR',
  'fi-FI', 'fr-CA', 'fr-FR', 'he-IL', 'hi-IN', 'hu-HU', 'id-ID', 'it-IT', 'ja-JP', 'ko-KR', 'ms-MY', 'nb-NO', 'nl-NL', 'pl-PL',
  'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'sk-SK', 'sv-SE', 'sw-KE', 'ta-IN', 'th-TH', 'tr-TR', 'uk-UA', 'vi-VN', 'zh-CN', 'zh-TW',
] as const;

export function localeName(locale: string, displayLanguage: string): string {
  try {
    return new Intl.DisplayNames([displayLanguage], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
