import { signInEn } from '@/locales/en/eager.ts';
import { i18n } from './i18n.ts';

// The app's entry adds the sign-in page's strings at start, so that page needs no part to load;
// the public share entry, which never shows them, does not import this (decision 0046).
i18n.addResourceBundle('en', 'translation', signInEn, true, true);
