/** A win's title is at most this long: a tile headline, not a paragraph. */
export const WIN_TITLE_MAX = 100;

/**
 * The reflection's first sentence as a win title: whitespace collapsed, the sentence's own
 * full stop kept off, and cut at a word boundary with an ellipsis when it runs long.
 */
export function winTitleFrom(reflection: string): string {
  const text = reflection.replace(/\s+/g, ' ').trim();
  const sentence = (/^.*?[.!?…](?=\s|$)/.exec(text)?.[0] ?? text).replace(/\.$/, '').trim();
  if (sentence.length <= WIN_TITLE_MAX) return sentence;
  const cut = sentence.slice(0, WIN_TITLE_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > WIN_TITLE_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}
