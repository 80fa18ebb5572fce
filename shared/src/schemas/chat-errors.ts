import * as z from 'zod';

/**
 * The chat error catalogue's types (spec 000 section 8): a refused or failed reply names one, and
 * the browser picks its message by it. Violations that refuse a message are here too.
 */
export const CHAT_ERROR_TYPES = [
  'no_user_key',
  'expired_user_key',
  'invalid_user_key',
  'no_base_url',
  'moderation',
  'INPUT_LENGTH',
  'invalid_request_error',
  'invalid_action_error',
  'no_system_messages',
  'google_error',
  'invalid_agent_provider',
  'provider_error',
  'rate_limited',
  'token_balance',
  'concurrent',
  'message_limit',
  'illegal_model_request',
  'ban',
  'endpoint_retired',
] as const;
export type ChatErrorType = (typeof CHAT_ERROR_TYPES)[number];

/** The values a catalogue message shows: endpoint and expiry, balance and cost, limits. */
export const chatErrorInfoSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ChatErrorInfo = z.infer<typeof chatErrorInfoSchema>;
