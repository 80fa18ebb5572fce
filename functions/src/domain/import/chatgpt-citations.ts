import { link, webUrl } from './markdown.ts';
import { isRecord } from './types.ts';

interface Replacement {
  /** Where the file says the marker starts; only orders the replacements. */
  at: number;
  /** The marker text as it stands in the message. */
  markers: string[];
  links: string[];
}

/** ChatGPT's newer inline markers (`\ue200cite\ue202turn0search0\ue201`), never meant to be read. */
const PRIVATE_MARKER = /\ue200[^\ue201]*\ue201/g;

/**
 * Turns ChatGPT's citation markers into markdown links, as LibreChat does: the older
 * `【3:0†source】` ones from `metadata.citations`, the newer ones from
 * `metadata.content_references`. Markers are found by their text, not only by the file's
 * offsets, which count code points where JavaScript counts UTF-16 units. Unknown old-style
 * markers stay as written; leftover private-use markers are removed.
 */
export function linkCitations(text: string, metadata: unknown): string {
  if (!isRecord(metadata)) return text.replace(PRIVATE_MARKER, '');
  const replacements = [...oldCitations(text, metadata.citations), ...contentReferences(metadata.content_references)].sort((a, b) => a.at - b.at);
  let out = text;
  for (const { markers, links } of replacements) {
    const marker = markers.find((candidate) => candidate && out.includes(candidate));
    if (marker) out = replaceMarker(out, out.indexOf(marker), marker.length, links);
  }
  return out.replace(PRIVATE_MARKER, '');
}

/** ` ([title](url))` after the cited words; with no link, the marker goes with the space before it. */
function replaceMarker(text: string, at: number, length: number, links: string[]): string {
  let start = at;
  const spaced = start > 0 && /\s/.test(text[start - 1]!);
  if (!links.length && spaced && /^($|[\s.,;:!?)])/.test(text.slice(at + length))) start -= 1;
  const replacement = links.length ? `${spaced || at === 0 ? '' : ' '}(${links.join(', ')})` : '';
  return text.slice(0, start) + replacement + text.slice(at + length);
}

function oldCitations(text: string, citations: unknown): Replacement[] {
  if (!Array.isArray(citations)) return [];
  return citations.flatMap((citation): Replacement[] => {
    if (!isRecord(citation) || !isRecord(citation.metadata)) return [];
    const { metadata } = citation;
    const url = webUrl(metadata.url);
    if (!url) return [];
    const start = typeof citation.start_ix === 'number' ? citation.start_ix : -1;
    const end = typeof citation.end_ix === 'number' ? citation.end_ix : -1;
    const byOffset = start >= 0 && end > start ? text.slice(start, end) : '';
    const extra = isRecord(metadata.extra) ? metadata.extra : {};
    const byIndex =
      typeof extra.cited_message_idx === 'number' && typeof extra.search_result_idx === 'number'
        ? `【${extra.cited_message_idx}:${extra.search_result_idx}†${typeof extra.evidence_text === 'string' ? extra.evidence_text : 'source'}】`
        : '';
    const markers = [/^【[^【】]*】$/.test(byOffset) ? byOffset : '', byIndex];
    return [{ at: start, markers, links: [link(stringOr(metadata.title, ''), url)] }];
  });
}

function contentReferences(references: unknown): Replacement[] {
  if (!Array.isArray(references)) return [];
  return references.flatMap((reference): Replacement[] => {
    if (!isRecord(reference) || typeof reference.matched_text !== 'string' || !reference.matched_text.trim()) return [];
    const items = Array.isArray(reference.items) ? reference.items : [reference];
    const links = items.flatMap((item) => {
      const url = isRecord(item) ? webUrl(item.url) : undefined;
      return url && isRecord(item) ? [link(stringOr(item.title, stringOr(item.attribution, '')), url)] : [];
    });
    // A reference with no web source (a footnote, an image group) only removes its marker, and
    // only when it is a marker: some references point at words the reader should keep.
    if (!links.length && !isMarker(reference.matched_text)) return [];
    const at = typeof reference.start_idx === 'number' ? reference.start_idx : Number.MAX_SAFE_INTEGER;
    return [{ at, markers: [reference.matched_text], links: [...new Set(links)] }];
  });
}

function isMarker(text: string): boolean {
  return /^\s*(\ue200[^\ue201]*\ue201|【[^【】]*】)\s*$/.test(text);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
