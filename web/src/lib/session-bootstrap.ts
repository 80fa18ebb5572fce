import { refreshSession } from './api-client.ts';
import { clearSession, getSession, startSessionSync } from './auth-session.ts';

let started: Promise<void> | null = null;
let stopSync: (() => void) | null = null;

/**
 * Restores the session once per page load from the refresh cookie (that is how a reload stays
 * signed in) and starts following other tabs. Safe to call more than once.
 */
export function bootstrapSession(): Promise<void> {
  started ??= (async () => {
    stopSync = startSessionSync(() => void refreshSession());
    const result = await refreshSession();
    // Offline on load: there is no session to show, so treat the visitor as signed out.
    if (!result.token && getSession().status === 'unknown') clearSession({ broadcast: false });
  })();
  return started;
}

/** Forgets the page load's restore, as a new page load would (tests share one module graph per worker). */
export function resetSessionBootstrapForTests(): void {
  stopSync?.();
  stopSync = null;
  started = null;
}
