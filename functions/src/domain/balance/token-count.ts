import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The longest piece counted whole. The encoding first splits text into pieces (words, numbers,
 * runs of punctuation or of whitespace), then byte-pair encodes each, in time quadratic in the
 * piece's length: a million letters, spaces, ideographic spaces or newlines in one piece took
 * minutes to an hour of CPU, one request holding a function for its whole timeout. A longer piece
 * is counted in slices of this size. Text without one is counted exactly; a cut can shift the
 * count by a token or two, so such text is counted within about 1% (a slice is some 30 tokens
 * or more). No token of o200k_base is near this long.
 */
export const LONGEST_EXACT_PIECE = 256;

/** The encoding's own piece pattern, so a piece here is a piece there. */
const PIECES = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

/**
 * Tokens in `text` by the o200k_base encoding (GPT-4o and later; close enough to bill other
 * providers' models, which publish no tokenizer). Special-token markers in user text count as
 * plain text instead of throwing. The encoding's tables are about 2.7 MB, so only the tokenizer
 * route imports this module; the chat routes estimate (providers/llm/usage-estimate.ts).
 */
export function countTokens(text: string): number {
  let count = 0;
  let counted = 0;
  for (const piece of text.matchAll(PIECES)) {
    if (piece[0].length <= LONGEST_EXACT_PIECE) continue;
    count += countWhole(text.slice(counted, piece.index));
    for (const slice of slices(piece[0], LONGEST_EXACT_PIECE)) count += countWhole(slice);
    counted = piece.index + piece[0].length;
  }
  return count + countWhole(text.slice(counted));
}

function countWhole(text: string): number {
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
