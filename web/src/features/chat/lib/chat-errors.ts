import type { ChatErrorInfo, Message } from '@meld/shared';
import type { TFunction } from 'i18next';

/** Error types and violations with their own catalogue message (spec 000 section 8). */
const MAPPED = new Set([
  'moderation',
  'no_user_key',
  'invalid_user_key',
  'expired_user_key',
  'no_base_url',
  'invalid_action_error',
  'invalid_request_error',
  'no_system_messages',
  'INPUT_LENGTH',
  'invalid_agent_provider',
  'provider_error',
  'google_error',
  'ban',
  'invalid_api_key',
  'insufficient_quota',
  'concurrent',
  'message_limit',
  'token_balance',
  'tool_call_limit',
  'endpoint_retired',
]);

export const ERROR_TEXT_LIMIT = 512;

/** The first `{…}` in the text that parses as a JSON object, if any. */
export function embeddedJson(text: string): Record<string, unknown> | null {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    for (let end = text.lastIndexOf('}'); end > start; end = text.lastIndexOf('}', end - 1)) {
      try {
        const value = JSON.parse(text.slice(start, end + 1)) as unknown;
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // Not this span; try a shorter one.
      }
    }
  }
  return null;
}

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/**
 * The words shown for a failed reply: a JSON object embedded in the message (its `type` or
 * `code`, LibreChat's convention) or else the server's catalogue type picks a message, filled
 * with the server's values (endpoint, expiry, balance, limits); anything unmapped shows the
 * fallback with the server's text, cut at 512 characters unless it carries JSON.
 */
export function chatErrorText(t: TFunction, code: string, message: string, details: ChatErrorInfo = {}): string {
  const json = embeddedJson(message);
  const kind = [asText(json?.type), asText(json?.code), code].find((candidate) => candidate && MAPPED.has(candidate));
  const info = asText(json?.info) ?? asText(json?.message) ?? message;
  if (kind) {
    const fields: Record<string, unknown> = { ...details, ...json };
    const shown = (key: string, value: unknown) => (key === 'expiredAt' && typeof value === 'string' ? new Date(value).toLocaleString() : (asText(value) ?? ''));
    const values = { ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, shown(key, value)])), info };
    const text = t(`chat.errors.${kind}` as 'chat.errors.ban', values);
    const generations = kind === 'token_balance' ? asText(fields.generations) : undefined;
    return generations ? `${text} ${t('chat.errors.generations', { generations })}` : text;
  }
  const detail = !json && message.length > ERROR_TEXT_LIMIT ? `${message.slice(0, ERROR_TEXT_LIMIT)}…` : message;
  return t('chat.errors.fallback', { info: detail });
}

/** A saved reply with its error text shown through the catalogue, as the stream showed it. */
export function withCatalogueErrors(t: TFunction, message: Message): Message {
  if (!message.error) return message;
  const parts = message.content;
  if (!parts?.length) return { ...message, text: chatErrorText(t, '', message.text) };
  return {
    ...message,
    content: parts.map((part) =>
      part.type === 'error' && typeof part.error === 'string'
        ? { ...part, error: chatErrorText(t, typeof part.code === 'string' ? part.code : '', part.error, (part.info ?? {}) as ChatErrorInfo) }
        : part,
    ),
  };
}
