/**
 * Token counts without a tokenizer, for where the exact count is not worth its weight: the
 * balance check before a reply (a few tokens either way do not change the answer) and the usage
 * of a reply whose provider reported none. An exact tokenizer's tables are megabytes, which
 * every chat Lambda would load; `POST /api/tokenizer` counts exactly.
 *
 * English runs about 1.3 tokens per word and about 4 characters per token; taking the larger
 * of the two keeps long words, code and languages without spaces from counting low.
 */
export function estimateTokens(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(Math.max(words * 1.3, text.length / 4));
}

/** Each message's role and separators cost a few tokens, and the reply is primed with three. */
const PER_MESSAGE = 4;
const REPLY_PRIMING = 3;

/** The prompt of a turn, the way providers bill it: every message plus its framing and its images. */
export function estimatePromptTokens(turns: readonly { content: string; images?: readonly { tokens: number }[] }[]): number {
  return turns.reduce((total, turn) => total + PER_MESSAGE + estimateTokens(turn.content) + (turn.images ?? []).reduce((sum, image) => sum + image.tokens, 0), REPLY_PRIMING);
}
