import type { SearchSnippet, TextRange } from '@meld/shared';

/** Longest snippet sent per conversation: enough for a line or two of context, never a whole message. */
export const SNIPPET_CHARS = 200;
/** How much of the snippet comes before the first match, so the match sits near the start of the line. */
const CONTEXT_BEFORE = 60;
/** A cut moves to the nearest space within this many characters, so words stay whole. */
const WORD_SLACK = 16;

/**
 * Every place the term occurs in the text, case ignored, as [start, end) offsets into the text
 * as it is. Lower-casing can change a string's length (İ becomes two code units), so offsets are
 * found by comparing the text's own slices rather than by searching a lower-cased copy.
 */
export function findMatches(text: string, term: string, from = 0, to = text.length): TextRange[] {
  const needle = term.toLowerCase();
  if (!needle) return [];
  const ranges: TextRange[] = [];
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  let index = from;
  while (index <= to - term.length) {
    const found = sameLength ? lower.indexOf(needle, index) : slowIndexOf(text, needle, index, to);
    if (found < 0 || found + term.length > to) break;
    ranges.push({ start: found, end: found + term.length });
    index = found + term.length;
  }
  return ranges;
}

function slowIndexOf(text: string, needle: string, from: number, to: number): number {
  for (let index = from; index <= to - needle.length; index++) if (text.slice(index, index + needle.length).toLowerCase() === needle) return index;
  return -1;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * A window of at most SNIPPET_CHARS around the first match of the term in a message's text, with
 * every match inside it as offsets into the snippet; null when the term is not in the text (the
 * store's copy may differ in case folding). The window never splits a surrogate pair, and moves
 * its ends to spaces nearby so it does not start or end mid-word.
 */
export function messageSnippet(messageId: string, isCreatedByUser: boolean, text: string, term: string): SearchSnippet | null {
  const [first] = findMatches(text, term);
  if (!first) return null;
  // Some context before the match, less when a long term would not fit otherwise.
  let start = Math.max(0, first.start - CONTEXT_BEFORE, first.end - SNIPPET_CHARS);
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  // Near the end of the text, the spare room goes before the match instead.
  start = Math.max(0, Math.min(start, end - SNIPPET_CHARS));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first.start && space - start <= WORD_SLACK) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= first.end && end - space <= WORD_SLACK) end = space;
  }
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const highlights = findMatches(text, term, start, end).map((range) => ({ start: range.start - start, end: range.end - start }));
  return { messageId, isCreatedByUser, text: text.slice(start, end), highlights, truncatedStart: start > 0, truncatedEnd: end < text.length };
}
