import type { TextRange } from '@meld/shared';
import { Fragment, type ReactNode } from 'react';

/**
 * Text with the server's match ranges wrapped in <mark>. The pieces are React text nodes, never
 * HTML, so a message that contains markup shows it as text. Ranges out of order, overlapping or
 * past the end (a client older than the server) are skipped rather than trusted.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(
      <mark key={start} className="rounded-sm bg-accent/20 px-0.5 text-ink dark:bg-accent/35">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>{piece}</Fragment>
      ))}
    </>
  );
}
