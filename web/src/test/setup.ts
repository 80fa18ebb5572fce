import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { en } from '@/locales/en/index.ts';
import { resetApiClientForTests } from '@/lib/api-client.ts';
import { resetSessionForTests } from '@/lib/auth-session.ts';
import { resetSessionBootstrapForTests } from '@/lib/session-bootstrap.ts';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { stopSpeaking } from '@/lib/speech/speech-player.ts';
import { closeArtifact } from '@/components/artifacts/artifact-store.ts';
import { resetStreamForTests } from '@/features/chat/lib/stream-store.ts';
import { resetDraftsForTests } from '@/features/chat/hooks/use-draft.ts';
import { temporaryChatStore } from '@/features/chat/lib/temporary-chat.ts';
import { installMatchMedia, setViewportWidth } from './match-media.ts';
import { throwMockDrift } from './mock-drift.ts';

// A lazy route's first import is transformed on demand; on a busy 2-core CI machine that can take
// longer than the default 1 s, so findBy/waitFor wait up to 5 s (they still return as soon as they can).
configure({ asyncUtilTimeout: 5_000 });

// Components render here without the route that fetches their strings (lib/locale-parts.ts): give them all of English.
i18n.addResourceBundle('en', 'translation', en, true, true);

// The files of one worker share its modules and its jsdom window (isolate: false in
// vitest.config.ts: a fresh window and module graph per file cost four fifths of the project's time).
// So each file starts on a blank page at the site's root, and every test leaves the app's stores
// (session, API client, toasts, the streaming reply, the artifact panel, speech, the temporary-chat
// switch) and the browser's storage, cookies and clock as it found them.
document.body.innerHTML = '';
document.documentElement.removeAttribute('class');
document.documentElement.removeAttribute('style');
document.documentElement.removeAttribute('data-location');
window.history.replaceState(null, '', '/');

beforeEach(() => {
  installMatchMedia();
  // jsdom does not implement scrolling; the router's scroll restoration calls it.
  vi.stubGlobal('scrollTo', () => {});
  // jsdom has no canvas (it only logs "not implemented"): a browser without a 2D context answers null.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetStreamForTests();
  resetDraftsForTests();
  stopSpeaking();
  closeArtifact();
  temporaryChatStore.set(false);
  for (const toast of getToasts()) dismissToast(toast.id);
  resetSessionBootstrapForTests();
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
