/**
 * The log line a chat stream writes when its reply ends in an error. The stack turns the
 * server-side ones (the provider failed, the reply could not be saved) into a metric and an
 * alarm; refusals a user caused (balance, limits, stop) are logged too but not counted.
 */
export const STREAM_ERROR_LOG = {
  message: 'Chat stream ended with an error',
  codeField: 'streamErrorCode',
  serverCodes: ['provider_error', 'server_error'],
} as const;
