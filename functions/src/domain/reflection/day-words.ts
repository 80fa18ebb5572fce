
/* The words the record's questions and summaries are built from. Days are named by `spoken-day.ts`. */

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A piece of a member's text in curly quotes, cut at a word near `max` characters. */
export function quoted(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return `“${flat}”`;
  const cut = flat.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `“${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–—-]+$/, '')}…”`;
}

/** A sentence ending in a quotation: its full stop unless the quote ends one already. */
export function endQuoted(sentence: string): string {
  return /[.!?…]”$/.test(sentence) ? sentence : `${sentence}.`;
}

/** "1 fragment", "3 fragments". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
