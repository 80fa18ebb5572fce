/**
 * Mock bodies that did not match the API (mock-api.ts records them), kept so the test fails even when
 * the page swallowed the failed request. Its own module, free of zod and the route table: setup.ts
 * runs it after every test, and loading @meld/shared there would cost each file about a second.
 */
const drift: Error[] = [];

export function recordMockDrift(error: Error): void {
  drift.push(error);
}

/** Called after each test (setup.ts): a mismatch found during the test fails it. */
export function throwMockDrift(): void {
  const found = drift.splice(0);
  if (found.length) throw found[0];
}
