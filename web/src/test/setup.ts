import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { en } from '@/locales/en/index.ts';
import { resetApiClientForTests } from '@/lib/api-client.ts';
import { resetSessionForTests } from '@/lib/auth-session.ts';
import { installMatchMedia, setViewportWidth } from './match-media.ts';
import { throwMockDrift } from './mock-drift.ts';

// A lazy route's first import is transformed on demand; on a busy 2-core CI machine that can take
// longer than the default 1 s, so findBy/waitFor wait up to 5 s (they still return as soon as they can).
configure({ asyncUtilTimeout: 5_000 });

// Components render here without the route that fetches their strings (lib/locale-parts.ts): give them all of English.
i18n.addResourceBundle('en', 'translation', en, true, true);

beforeEach(() => {
  installMatchMedia();
  // jsdom does not implement scrolling; the router's scroll restoration calls it.
  vi.stubGlobal('scrollTo', () => {});
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  resetSessionForTests();
  resetApiClientForTests();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  // Last, so the clean-up above runs even when a mocked body did not match the API.
  throwMockDrift();
});
