import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { byDay, entryDetails, entryHeading, type LogExportDoc, type LogExportLabels } from './export-doc.ts';
import { embedFace, FALLBACK_FACES, fetchPdfFont, readFace, type PdfFontCover, type PdfFontLoader } from './pdf-fonts.ts';
import { graphemes, missingFrom, normalizeText, runsWidth, toRuns, type TextRun } from './pdf-text.ts';

/** A4 in points, with the log's paper-and-ink colours. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = rgb(0.17, 0.14, 0.12);
const SOFT = rgb(0.42, 0.37, 0.33);
const EMBER = rgb(0.72, 0.36, 0.2);

interface Style {
  font: PdfFontCover;
  size: number;
  color: ReturnType<typeof rgb>;
  gapBefore?: number;
}

type Block = [text: string, style: keyof ReturnType<typeof stylesOf>];

function stylesOf(regular: PdfFontCover, bold: PdfFontCover, italic: PdfFontCover) {
  return {
    title: { font: bold, size: 22, color: INK },
    summary: { font: regular, size: 10, color: SOFT, gapBefore: 6 },
    day: { font: bold, size: 15, color: EMBER, gapBefore: 20 },
    heading: { font: bold, size: 11, color: INK, gapBefore: 12 },
    body: { font: regular, size: 10.5, color: INK, gapBefore: 4 },
    note: { font: italic, size: 10, color: SOFT, gapBefore: 4 },
  } satisfies Record<string, Style>;
}

/** What the PDF prints, in order: the title, the day headings and every entry. */
function blocksOf(doc: LogExportDoc, labels: LogExportLabels): Block[] {
  const blocks: Block[] = [
    [labels.title, 'title'],
    [labels.summary, 'summary'],
  ];
  if (doc.entries.length === 0) blocks.push([labels.empty, 'body']);
  for (const [date, entries] of byDay(doc.entries)) {
    blocks.push([labels.dayHeading(date), 'day']);
    for (const entry of entries) {
      const details = entryDetails(entry, labels);
      blocks.push([entryHeading(entry, labels), 'heading']);
      if (details.prompt) blocks.push([details.prompt, 'note']);
      if (details.sliders) blocks.push([details.sliders, 'note']);
      if (entry.content.trim()) blocks.push([entry.content.trim(), 'body']);
      if (details.aiEcho) blocks.push([details.aiEcho, 'note']);
      if (details.impact) {
        blocks.push([details.impact.label, 'note']);
        for (const point of details.impact.points) blocks.push([`• ${point}`, 'body']);
      }
      if (details.tags) blocks.push([details.tags, 'note']);
      if (details.pinned) blocks.push([details.pinned, 'note']);
    }
  }
  return blocks.map(([text, style]) => [normalizeText(text), style]);
}

/** The fallback faces the text needs, in order, each embedded only if it draws something still missing. */
async function fallbacksFor(pdf: PDFDocument, missing: Set<number>, load: PdfFontLoader): Promise<PdfFontCover[]> {
  const covers: PdfFontCover[] = [];
  for (const face of FALLBACK_FACES) {
    if (missing.size === 0) break;
    const read = await readFace(face, load);
    const drawn = [...missing].filter((point) => read.chars.has(point));
    if (drawn.length === 0) continue;
    covers.push(await embedFace(pdf, read, face === 'emoji' ? 'full' : 'plain'));
    for (const point of drawn) missing.delete(point);
  }
  return covers;
}

/**
 * Greedy word wrap to the text width, keeping the text's own line breaks (a blank line stays one);
 * a word longer than a line is cut between characters, never inside one. A line's width is the sum
 * of its words' (each measured once: shaping a whole line per added word was quadratic).
 */
function wrap(text: string, measure: (piece: string) => number, width: number): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = measure(word);
      const joinedWidth = line ? lineWidth + space + wordWidth : wordWidth;
      if (joinedWidth <= width) {
        [line, lineWidth] = [line ? `${line} ${word}` : word, joinedWidth];
        continue;
      }
      if (line) lines.push(line);
      [line, lineWidth] = ['', 0];
      // The word starts a line; one wider than a line is cut between graphemes.
      for (const grapheme of wordWidth > width ? graphemes(word) : [word]) {
        const graphemeWidth = measure(grapheme);
        if (line && lineWidth + graphemeWidth > width) {
          lines.push(line);
          [line, lineWidth] = ['', 0];
        }
        [line, lineWidth] = [line + grapheme, lineWidth + graphemeWidth];
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF a person can open and read: the title, the day headings and every entry, paged on A4. */
export async function logToPdf(doc: LogExportDoc, labels: LogExportLabels, loadFont: PdfFontLoader = fetchPdfFont): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(labels.title);
  pdf.setCreator('Meld');
  pdf.setCreationDate(new Date(doc.exportedAt));
  const [regular, bold, italic] = await Promise.all((['regular', 'bold', 'italic'] as const).map(async (face) => embedFace(pdf, await readFace(face, loadFont), 'plain')));
  const styles = stylesOf(regular!, bold!, italic!);
  const blocks = blocksOf(doc, labels);
  const fallbacks = await fallbacksFor(pdf, missingFrom(regular!, blocks.map(([text]) => text).join('\n')), loadFont);
  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const widths = new Map<Style, Map<string, number>>();
  const write = (text: string, style: Style) => {
    const runsOf = (line: string): TextRun[] => toRuns(line, style.font, fallbacks);
    const known = widths.get(style) ?? new Map<string, number>();
    widths.set(style, known);
    // A piece's width is the sum of its graphemes' (pdf-lib sums glyph advances too), each shaped once.
    const graphemeWidth = (grapheme: string) => known.get(grapheme) ?? known.set(grapheme, runsWidth(runsOf(grapheme), style.size)).get(grapheme)!;
    const measure = (piece: string) => graphemes(piece).reduce((sum, grapheme) => sum + graphemeWidth(grapheme), 0);
    const lineHeight = style.size * 1.35;
    y -= style.gapBefore ?? 0;
    for (const line of wrap(text, measure, width)) {
      if (y - lineHeight < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= lineHeight;
      let x = PAGE.margin;
      for (const run of runsOf(line)) {
        page.drawText(run.text, { x, y, size: style.size, font: run.font, color: style.color });
        x += measure(run.text);
      }
    }
  };

  for (const [text, style] of blocks) write(text, styles[style]);
  return pdf.save();
}
