import type { ReactNode } from 'react';

const QUOTE = /(“[^”]+”|"[^"\n]+")/g;

/** The mentor's own words, set apart in the ember serif. */
function withQuotes(text: string): ReactNode[] {
  return text.split(QUOTE).map((part, index) =>
    index % 2 === 1 ? (
      <q key={index} className="font-serif text-accent-strong italic before:content-none after:content-none">
        {part}
      </q>
    ) : (
      part
    ),
  );
}

/** The insights as paragraphs; a paragraph opened with ">" is a pulled quote. */
export function InsightsText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-4 leading-relaxed text-ink">
      {paragraphs.map((paragraph, index) =>
        paragraph.startsWith('>') ? (
          <blockquote key={index} className="border-l-2 border-accent pl-4 font-serif text-lg text-ink-soft italic">
            {paragraph.replace(/^>\s?/gm, '')}
          </blockquote>
        ) : (
          <p key={index} className="whitespace-pre-line">
            {withQuotes(paragraph)}
          </p>
        ),
      )}
    </div>
  );
}
