/**
 * Splits text into parts of at most `maxChars` for an engine that takes no more per call,
 * cutting after a sentence where one ends in reach, else at a space, else mid-word. Spoken one
 * after another the parts read as the whole text.
 */
export function splitForSpeech(text: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars + 1);
    const cut = lastBoundary(window, /[.!?…;:]["'”’)\]]*\s|\n/g) ?? lastBoundary(window, /\s/g) ?? maxChars;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Where the last match of `pattern` in `window` ends, past its first half so parts stay long. */
function lastBoundary(window: string, pattern: RegExp): number | undefined {
  let end: number | undefined;
  for (const match of window.matchAll(pattern)) {
    const after = match.index + match[0].length;
    if (after > window.length / 2 && after <= window.length - 1) end = after;
  }
  return end;
}
