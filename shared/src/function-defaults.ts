/**
 * What a route's function gets unless its route asks for more (decision 0002): the stack deploys
 * these and the local runtime enforces the same timeouts, so one table of numbers serves both.
 */
export const FUNCTION_DEFAULTS = {
  memoryMb: 256,
  timeoutSeconds: 10,
  /** A chat stream runs as long as the model talks; ten seconds would cut answers off. */
  streamingTimeoutSeconds: 300,
} as const;

/** API Gateway's HTTP API waits at most this long for a function, whatever its own timeout. */
export const HTTP_API_INTEGRATION_TIMEOUT_SECONDS = 30;

interface TimedRoute {
  streaming?: boolean;
  lambda?: { timeoutSeconds?: number };
}

/** The timeout the stack gives a route's function. */
export function functionTimeoutSeconds(route: TimedRoute): number {
  return route.lambda?.timeoutSeconds ?? (route.streaming ? FUNCTION_DEFAULTS.streamingTimeoutSeconds : FUNCTION_DEFAULTS.timeoutSeconds);
}
