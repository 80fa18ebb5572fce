/**
 * Polls `check` every `intervalMs` (never two checks at once) and aborts the returned signal
 * when it answers true. The abort request can come from any instance, so it is read, not pushed.
 */
export function watchForAbort(check: () => Promise<boolean>, intervalMs: number): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(async () => {
      try {
        if (await check()) controller.abort();
      } catch {
        // A failed poll is retried on the next tick; the reply goes on.
      }
      if (!stopped && !controller.signal.aborted) schedule();
    }, intervalMs);
  };
  schedule();
  return {
    signal: controller.signal,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
