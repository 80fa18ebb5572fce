/**
 * LibreChat-style math delimiters rewritten for remark-math, which is run with single dollars
 * switched off so that prices never turn into math: `$$…$$` and `\[…\]` standing on their own
 * lines become display blocks, anything else (`\(…\)`, `$…$`, inline `$$…$$`) inline `$$…$$`.
 *
 * A single-dollar span counts as math only by Pandoc's rule: the opening `$` has a non-space
 * character on its right, the closing `$` one on its left and no digit right after it; so
 * "$5 and $10" and "$20,000 to $30,000" stay text. Code spans and fenced blocks are left alone.
 */
const TOKENS = new RegExp(
  [
    String.raw`^[ \t]*(\`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n[ \t]*\1[\`~]*[ \t]*(?=\n|$)|(?![\s\S]))`, // fenced code
    String.raw`(\`+)(?:(?!\n\n)[\s\S])*?\2`, // code span
    String.raw`\\\$`, // an escaped dollar
    String.raw`\$\$([\s\S]+?)\$\$`, // $$ … $$
    String.raw`\\\[([\s\S]+?)\\\]`, // \[ … \]
    String.raw`\\\(([\s\S]+?)\\\)`, // \( … \)
    String.raw`\$(?![\s$])((?:[^$\n\\]|\\.)+?)(?<![\s\\])\$(?!\d)`, // $ … $
  ].join('|'),
  'gm',
);

/** Only spaces and tabs between `index` and the line's start (or end, going forwards). */
function aloneOnLine(text: string, start: number, end: number): string | null {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = text.slice(lineStart, start);
  if (!/^[ \t]*$/.test(indent)) return null;
  const lineEnd = text.indexOf('\n', end);
  return /^[ \t]*$/.test(text.slice(end, lineEnd < 0 ? undefined : lineEnd)) ? indent : null;
}

function display(text: string, match: string, offset: number, body: string): string {
  const indent = aloneOnLine(text, offset, offset + match.length);
  const math = body.trim();
  if (indent === null) return `$$${math.replace(/\s*\n\s*/g, ' ')}$$`;
  // The fence lines must stand alone: remark-math reads text after an opening `$$` as metadata.
  return `$$\n${indent}${math.split('\n').map((line) => line.trim()).join(`\n${indent}`)}\n${indent}$$`;
}

export function prepareMath(text: string): string {
  return text.replace(TOKENS, (match: string, _fence, _ticks, dollars?: string, brackets?: string, parens?: string, single?: string, offset = 0) => {
    if (dollars !== undefined) return display(text, match, offset, dollars);
    if (brackets !== undefined) return display(text, match, offset, brackets);
    const inline = parens ?? single;
    return inline === undefined ? match : `$$${inline.trim()}$$`;
  });
}

/** Whether prepared text has anything for the math renderer (so its module is worth fetching). */
export function hasMath(prepared: string): boolean {
  return prepared.includes('$$');
}
