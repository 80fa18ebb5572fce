import type { PDFFont } from 'pdf-lib';
import type { PdfFontCover } from './pdf-fonts.ts';

/** A piece of a line drawn in one font. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

/** Zero-width joiner and variation selectors: an emoji font's ligatures use them; elsewhere they are dropped. */
const JOINERS = new Set([0x200d, 0xfe0e, 0xfe0f]);
/** Shown as an emoji by default, or asked to be (VS16): drawn by the emoji font before the text font. */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\uFE0F/u;
const LINE_BREAKS = /\r\n|[\r\v\f\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Every kind of line break becomes "\n" (a real new line in the PDF), a tab two spaces; other
 * controls go; accents are precomposed (NFC), as the text faces draw them without mark shaping.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(LINE_BREAKS, '\n').replace(/\t/g, '  ').replace(CONTROLS, '');
}

/** What a reader sees as one character: "é" with its accent, a flag, an emoji with its skin tone. */
export function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

function covers(cover: PdfFontCover, grapheme: string): boolean {
  const visible = codePoints(grapheme).filter((point) => !JOINERS.has(point));
  return visible.length > 0 && visible.every((point) => cover.chars.has(point));
}

function fontFor(grapheme: string, text: PdfFontCover, fallbacks: readonly PdfFontCover[]): PdfFontCover | undefined {
  const order = EMOJI_PRESENTATION.test(grapheme) ? [...fallbacks, text] : [text, ...fallbacks];
  return order.find((cover) => covers(cover, grapheme));
}

/**
 * A character no embedded font draws (a script without a Noto face here, such as CJK) prints as its
 * code point in brackets: the reader sees that something was there and what, never "?" or a box.
 */
export function unprintable(grapheme: string): string {
  const visible = codePoints(grapheme).filter((point) => !JOINERS.has(point));
  return visible.length ? `[${visible.map((point) => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}]` : '';
}

/** The code points the text font cannot draw, or that should be drawn as emoji: what the fallbacks must cover. */
export function missingFrom(text: PdfFontCover, content: string): Set<number> {
  const missing = new Set<number>();
  for (const grapheme of graphemes(content)) {
    // Whitespace never reaches a font: wrapping turns every run of it into one space.
    if (/^\s+$/.test(grapheme)) continue;
    if (!EMOJI_PRESENTATION.test(grapheme) && covers(text, grapheme)) continue;
    for (const point of codePoints(grapheme)) if (!JOINERS.has(point)) missing.add(point);
  }
  return missing;
}

/** A line cut into runs, each in the first font that draws its characters. */
export function toRuns(line: string, text: PdfFontCover, fallbacks: readonly PdfFontCover[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const grapheme of graphemes(line)) {
    const cover = fontFor(grapheme, text, fallbacks);
    // A font keeps the joiners it has (an emoji ligature needs them) and drops those it lacks.
    const piece = cover ? Array.from(grapheme).filter((char) => !JOINERS.has(char.codePointAt(0)!) || cover.chars.has(char.codePointAt(0)!)).join('') : unprintable(grapheme);
    const font = cover?.font ?? text.font;
    const last = runs.at(-1);
    if (last?.font === font) last.text += piece;
    else if (piece) runs.push({ text: piece, font });
  }
  return runs;
}

export function runsWidth(runs: readonly TextRun[], size: number): number {
  return runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}
