/** Code cannot run here (no way to isolate it): the route answers 503 with this message. */
export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}
