import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Tokens in `text` by the o200k_base encoding (GPT-4o and later; close enough to bill other
 * providers' models, which publish no tokenizer). Special-token markers in user text count as
 * plain text instead of throwing. The encoding's tables are about 2.7 MB, so only the tokenizer
 * route and the chat pipeline (the prompt check, and usage when a provider reports none) import
 * this module.
 */
export function countTokens(text: string): number {
  return text ? countO200k(text, { disallowedSpecial: new Set() }) : 0;
}

/** Each message's role and separators cost a few tokens, and the reply is primed with three (OpenAI's counting rule). */
const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;

/** The prompt's tokens for the balance check, before the provider is called. */
export function countPromptTokens(turns: readonly { role: string; content: string }[]): number {
  return turns.reduce((total, turn) => total + PER_MESSAGE + countTokens(turn.role) + countTokens(turn.content), REPLY_PRIMING);
}
