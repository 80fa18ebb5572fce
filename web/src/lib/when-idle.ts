/**
 * Runs `work` once the browser is idle (or after `timeoutMs` at the latest), for fetching code a
 * page will soon need without competing with its first paint. Returns a cancel function, so it
 * can be an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, Math.min(timeoutMs, 1000));
  return () => window.clearTimeout(id);
}
