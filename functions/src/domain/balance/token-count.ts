import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The longest run of non-space characters counted as one piece. Byte-pair encoding is quadratic in
 * the length of a piece the pre-tokenizer leaves whole (a run of letters: `aaaa…`, or Chinese or
 * Japanese text, which has no spaces): a million such characters took minutes of CPU, one request
 * holding a function for its whole timeout. Longer runs are counted in slices of this size; a cut
 * can change the count by a token, so such text is counted within a token per slice (0.4%), and
 * text without such a run exactly. No token of o200k_base is anywhere near this long.
 */
export const LONGEST_EXACT_RUN = 256;

const LONG_RUN = new RegExp(`\\S{${LONGEST_EXACT_RUN + 1},}`, 'gu');

/**
 * Tokens in `text` by the o200k_base encoding (GPT-4o and later; close enough to bill other
 * providers' models, which publish no tokenizer). Special-token markers in user text count as
 * plain text instead of throwing. The encoding's tables are about 2.7 MB, so only the tokenizer
 * route imports this module; the chat routes estimate (providers/llm/usage-estimate.ts).
 */
export function countTokens(text: string): number {
  let count = 0;
  let counted = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    count += countPiece(text.slice(counted, run.index));
    for (const slice of slices(run[0], LONGEST_EXACT_RUN)) count += countPiece(slice);
    counted = run.index + run[0].length;
  }
  return count + countPiece(text.slice(counted));
}

function countPiece(text: string): number {
  return text ? countO200k(text, { disallowedSpecial: new Set() }) : 0;
}

/** `text` in slices of at most `size` UTF-16 units, never between the two halves of a surrogate pair. */
function* slices(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
