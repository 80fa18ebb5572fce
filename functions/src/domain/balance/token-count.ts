import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Tokens in `text` by the o200k_base encoding (GPT-4o and later; close enough to bill other
 * providers' models, which publish no tokenizer). Special-token markers in user text count as
 * plain text instead of throwing. The encoding's tables are about 2.7 MB, so only the tokenizer
 * route imports this module; the chat routes estimate (providers/llm/usage-estimate.ts).
 */
export function countTokens(text: string): number {
  return text ? countO200k(text, { disallowedSpecial: new Set() }) : 0;
}
