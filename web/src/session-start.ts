// The app document's first script, run as a classic script in <head> before the app's code has
// downloaded (vite.config.ts, sessionStartFirst): a signed-in page's session refresh leaves here
// (issue 25 §7). Every signed-in page's data waits for the refresh; sent from the app's code it
// left only after the entry had run (0.7-1.1 s at 4x CPU), because the Web Lock it waits for was
// granted in a task after that. From here the lock is granted while the app's code downloads.
//
// A classic script imports nothing, so the names it shares with the app (the hint cookie of
// decision 0044, the refresh lock of decision 0011, the route) are written out here and checked
// against the app's by session-start.test.ts. The API client takes the refresh
// (lib/early-refresh.ts) and handles its answer as any other.
(() => {
  const hinted = document.cookie.split(';').some((pair) => pair.trim() === 'meld_signed_in=1');
  if (!hinted || window.meldEarlyRefresh) return;
  const send = () => {
    const answer = fetch('/api/auth/refresh', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // The browser's date data loads with the first date formatter a page builds: about 200 ms at 4x
    // CPU in one task, and a signed-in page shows dates (the history at least). Built here, in a
    // task of its own once the refresh is on its way, it loads while the app's code downloads,
    // not inside the entry's evaluation that the page's code and data wait behind.
    setTimeout(() => new Intl.DateTimeFormat().format(0));
    return answer;
  };
  // The lock is held until the answer's headers, and so its new refresh cookie, are in.
  const sent = typeof navigator.locks?.request === 'function' ? navigator.locks.request('meld-refresh', send) : send();
  // Handled by the API client; a page that never takes it must not report an unhandled rejection.
  sent.catch(() => undefined);
  window.meldEarlyRefresh = sent;
})();
