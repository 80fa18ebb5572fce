/**
 * The time a request sees, `context.meld.now`. In Lambda it is always the machine's clock. The
 * local runtime can move it (MELD_CLOCK_CONTROL=1, `PUT /__local/clock`) so end-to-end tests walk
 * a member through mornings, evenings and consecutive days; see decision 0008.
 */
let offsetMs = 0;

export function requestTime(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Makes `requestTime()` read `at` now and keep running from there. */
export function moveRequestClock(at: Date): void {
  offsetMs = at.getTime() - Date.now();
}

export function resetRequestClock(): void {
  offsetMs = 0;
}
