/** Markdown that imported content is rendered into; the web shows message text as markdown. */

/** A fenced block longer than any backtick run inside, so the content cannot close it early. */
export function fence(text: string, language = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${language}\n${text.replace(/\n+$/, '')}\n${ticks}`;
}

export function blockquote(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** Only web links: a `javascript:` or `data:` URL from a file must never become a link. */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `[title](url)`, the title's brackets escaped and the URL's parentheses and spaces encoded. */
export function link(title: string, url: string): string {
  const label = title.replace(/\s+/g, ' ').trim() || new URL(url).hostname;
  return `[${label.replace(/([[\]\\])/g, '\\$1')}](${url.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
}

/** What stands in for a file whose bytes an export does not carry (or Meld cannot import). */
export function notImported(kind: 'File' | 'Image', name?: string | null): string {
  const clean = name?.replace(/\s+/g, ' ').trim();
  return clean ? `[${kind} not imported: ${clean}]` : `[${kind} not imported]`;
}

export function joinBlocks(blocks: (string | undefined | null | false)[]): string {
  return blocks.filter((block): block is string => typeof block === 'string' && block.trim() !== '').join('\n\n');
}
