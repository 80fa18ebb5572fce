import { functionTimeoutSeconds, HTTP_API_INTEGRATION_TIMEOUT_SECONDS, type RouteDef } from '@meld/shared';

/**
 * The walls API Gateway (HTTP API), Lambda and Function URLs put around every request, which the
 * local gateway enforces the same way so that nothing passes here that would fail in AWS. Each
 * number is AWS's documented quota; tests may shrink them (GatewayOptions.limits) to reach them fast.
 */
export interface AwsLimits {
  /** HTTP API: the largest request payload it accepts (10 MB); above it, its own 413. */
  httpApiRequestBytes: number;
  /** Lambda: a synchronous invocation's event, as serialized JSON (6 MB); a Function URL's request too. */
  invocationEventBytes: number;
  /** Lambda: a buffered function's result, as serialized JSON (6 MB). */
  bufferedResponseBytes: number;
  /** Lambda: what a RESPONSE_STREAM function may stream (200 MB); the stream is cut beyond it. */
  streamedResponseBytes: number;
  /** HTTP API: how long it waits for the integration (30 s), whatever the function's own timeout. */
  integrationTimeoutMs: number;
}

const MB = 1024 * 1024;

export const AWS_LIMITS: AwsLimits = {
  httpApiRequestBytes: 10 * MB,
  invocationEventBytes: 6 * MB,
  // Lambda's own error names 6291556 bytes: 6 MB and the envelope it allows around the payload.
  bufferedResponseBytes: 6 * MB + 100,
  streamedResponseBytes: 200 * MB,
  integrationTimeoutMs: HTTP_API_INTEGRATION_TIMEOUT_SECONDS * 1000,
};

/** The timeout the stack gives the route's function, so timeouts bite locally as they do in AWS. */
export function functionTimeoutMs(route: RouteDef): number {
  return functionTimeoutSeconds(route) * 1000;
}

/**
 * What API Gateway itself answers when the integration fails: its own `{"message"}` body, not
 * the API's error shape, because in AWS no function code runs to write one.
 */
export const GATEWAY_ANSWERS = {
  requestTooLarge: { status: 413, message: 'Request Entity Too Large' },
  /** The function failed: it threw past the runtime, timed out, or returned too much. */
  functionFailed: { status: 500, message: 'Internal Server Error' },
  /** The integration did not answer within the HTTP API's 30 s. */
  integrationTimedOut: { status: 503, message: 'Service Unavailable' },
} as const;

/** Bytes of a value as Lambda counts its payload: the JSON it serializes. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value ?? null));
}
