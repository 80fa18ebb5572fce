declare global {
  interface Window {
    /** The session refresh the document's first script sent (src/session-start.ts), until the API client takes it. */
    meldEarlyRefresh?: Promise<Response>;
  }
}

/** The refresh the page's first script sent, once: every later refresh is the API client's own. */
export function takeEarlyRefresh(): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const sent = window.meldEarlyRefresh ?? null;
  delete window.meldEarlyRefresh;
  return sent;
}
