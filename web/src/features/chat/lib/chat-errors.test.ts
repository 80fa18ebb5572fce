import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { testMessage } from '@/components/messages/test-messages.ts';
import { chatErrorText, embeddedJson, withCatalogueErrors } from './chat-errors.ts';

const t = i18n.t.bind(i18n);

describe('chatErrorText', () => {
  it('shows the catalogue message for a mapped code', () => {
    expect(chatErrorText(t, 'no_user_key', 'Provide your own API key for openAI to use it')).toBe('No key found. Please provide a key and try again.');
    expect(chatErrorText(t, 'ban', '')).toBe('Your account has been temporarily banned due to violations of our service.');
  });

  it('reads the type and values from JSON embedded in the message', () => {
    const message = 'Rate limited: {"type":"message_limit","max":40,"windowInMinutes":1}';
    expect(chatErrorText(t, 'provider_error', message)).toBe('You hit the message limit. You have a cap of 40 message(s) per 1 minute(s).');
  });

  it('shows the balance details for spent funds', () => {
    const message = JSON.stringify({ type: 'token_balance', balance: 12, promptTokens: 800, tokenCost: 2400 });
    expect(chatErrorText(t, 'x', message)).toBe('Insufficient Funds! Balance: 12. Prompt tokens: 800. Cost: 2400.');
  });

  it('says how many steps an agent had when it ran out of them', () => {
    expect(chatErrorText(t, 'tool_call_limit', 'The agent reached its limit of 3 steps before answering.', { limit: 3 })).toBe(
      'The agent used all 3 of its steps without finishing its answer. Ask again more narrowly, or raise its step limit in the agent’s settings.',
    );
  });

  it('falls back to the server text, cut at 512 characters with an ellipsis', () => {
    const long = 'a'.repeat(600);
    const text = chatErrorText(t, 'unknown', long);
    expect(text).toBe(`Something went wrong. Here's the specific error message we encountered: ${'a'.repeat(512)}…`);
  });

  it('does not cut a long text that embeds JSON', () => {
    const long = `${'b'.repeat(600)} {"detail":"overloaded"}`;
    expect(chatErrorText(t, 'unknown', long)).toContain(long);
  });
});

describe('embeddedJson', () => {
  it('finds an object inside surrounding text and ignores what does not parse', () => {
    expect(embeddedJson('error {oops} then {"code":"ban"} end')).toEqual({ code: 'ban' });
    expect(embeddedJson('no json here')).toBeNull();
  });
});

describe('withCatalogueErrors', () => {
  it('shows a saved error part through the catalogue and leaves other replies alone', () => {
    const failed = testMessage('r', 'q', { isCreatedByUser: false, error: true, text: '', content: [{ type: 'text', text: 'Partial' }, { type: 'error', error: '{"type":"ban"}' }] });
    expect(withCatalogueErrors(t, failed).content).toEqual([
      { type: 'text', text: 'Partial' },
      { type: 'error', error: 'Your account has been temporarily banned due to violations of our service.' },
    ]);
    const fine = testMessage('s', 'q', { isCreatedByUser: false });
    expect(withCatalogueErrors(t, fine)).toBe(fine);
  });

  it("shows a saved error part by its catalogue type and the server's values", () => {
    const failed = testMessage('r', 'q', { isCreatedByUser: false, error: true, text: '', content: [{ type: 'error', error: 'Only 1 at a time', code: 'concurrent', info: { limit: 1 } }] });
    expect(withCatalogueErrors(t, failed).content).toEqual([
      { type: 'error', error: expect.stringMatching(/^Only 1 message\(s\) at a time/), code: 'concurrent', info: { limit: 1 } },
    ]);
  });
});

describe('chatErrorText with server values', () => {
  it('names the endpoint and the expiry of an expired key', () => {
    const expiredAt = '2026-03-01T10:00:00.000Z';
    const text = chatErrorText(t, 'expired_user_key', 'Your key expired', { endpoint: 'openAI', expiredAt });
    expect(text).toContain('Provided key for openAI expired at');
    expect(text).toContain(new Date(expiredAt).toLocaleString());
  });

  it('names the replacement of a retired endpoint', () => {
    expect(chatErrorText(t, 'endpoint_retired', 'gone', { endpoint: 'gptPlugins', replacement: 'openAI' })).toBe('gptPlugins has been retired by its provider. Use the openAI endpoint instead.');
  });

  it('fills the insufficient-funds message from the refusal values', () => {
    expect(chatErrorText(t, 'token_balance', 'Insufficient funds', { balance: 5, promptTokens: 120, tokenCost: 120 })).toBe('Insufficient Funds! Balance: 5. Prompt tokens: 120. Cost: 120.');
  });
});
