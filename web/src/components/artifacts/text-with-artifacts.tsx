import { artifactsIn, splitArtifacts } from '@meld/shared';
import { useMemo } from 'react';
import { MarkdownText } from '@/components/messages/markdown.tsx';
import { ArtifactCard } from './artifact-card.tsx';

const MARKER = ':::artifact{';

/** Where each text's artifact numbering starts: artifacts count across a reply's text parts in order. */
export function artifactStarts(texts: readonly (string | null)[]): number[] {
  let next = 0;
  return texts.map((text) => {
    const start = next;
    if (text?.includes(MARKER)) next += artifactsIn(text, start).length;
    return start;
  });
}

/** A reply's text: markdown, with each artifact block shown as a card. */
export function TextWithArtifacts({ text, messageId, firstIndex = 0 }: { text: string; messageId: string; firstIndex?: number }) {
  const segments = useMemo(() => (text.includes(MARKER) ? splitArtifacts(text, firstIndex) : null), [text, firstIndex]);
  if (!segments) return <MarkdownText text={text} />;
  return segments.map((segment, index) =>
    segment.kind === 'text' ? <MarkdownText key={index} text={segment.text} /> : <ArtifactCard key={index} artifact={segment.artifact} messageId={messageId} />,
  );
}
