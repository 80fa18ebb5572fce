import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { byDay, entryDetails, entryHeading, type LogExportDoc, type LogExportLabels } from './export-doc.ts';

/** A4 in points, with the log's paper-and-ink colours. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = rgb(0.17, 0.14, 0.12);
const SOFT = rgb(0.42, 0.37, 0.33);
const EMBER = rgb(0.72, 0.36, 0.2);

interface Style {
  font: PDFFont;
  size: number;
  color: ReturnType<typeof rgb>;
  gapBefore?: number;
}

/**
 * The standard PDF fonts encode WinAnsi only: a character they cannot draw (an emoji, most
 * non-Latin scripts) prints as "?" rather than failing the whole export.
 */
function printable(font: PDFFont, text: string, cache: Map<string, boolean>): string {
  let out = '';
  for (const char of text.replace(/\t/g, '  ')) {
    let ok = cache.get(char);
    if (ok === undefined) {
      try {
        font.encodeText(char);
        ok = true;
      } catch {
        ok = false;
      }
      cache.set(char, ok);
    }
    out += ok ? char : '?';
  }
  return out;
}

/** Greedy word wrap to the text width; a word longer than a line is cut. */
function wrap(text: string, style: Style, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (style.font.widthOfTextAtSize(next, style.size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (style.font.widthOfTextAtSize(rest, style.size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && style.font.widthOfTextAtSize(rest.slice(0, cut), style.size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF a person can open and read: the title, the day headings and every entry, paged on A4. */
export async function logToPdf(doc: LogExportDoc, labels: LogExportLabels): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(labels.title);
  pdf.setCreator('Meld');
  pdf.setCreationDate(new Date(doc.exportedAt));
  const [serif, sans, sansBold, italic] = await Promise.all([
    pdf.embedFont(StandardFonts.TimesRomanBold),
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
    pdf.embedFont(StandardFonts.HelveticaOblique),
  ]);
  const styles = {
    title: { font: serif, size: 22, color: INK },
    summary: { font: sans, size: 10, color: SOFT, gapBefore: 6 },
    day: { font: serif, size: 15, color: EMBER, gapBefore: 20 },
    heading: { font: sansBold, size: 11, color: INK, gapBefore: 12 },
    body: { font: sans, size: 10.5, color: INK, gapBefore: 4 },
    note: { font: italic, size: 10, color: SOFT, gapBefore: 4 },
  } satisfies Record<string, Style>;
  const caches = new Map<PDFFont, Map<string, boolean>>();
  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, style: Style) => {
    const cache = caches.get(style.font) ?? new Map<string, boolean>();
    caches.set(style.font, cache);
    const lineHeight = style.size * 1.35;
    y -= style.gapBefore ?? 0;
    for (const line of wrap(printable(style.font, text, cache), style, width)) {
      if (y - lineHeight < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= lineHeight;
      page.drawText(line, { x: PAGE.margin, y, size: style.size, font: style.font, color: style.color });
    }
  };

  write(labels.title, styles.title);
  write(labels.summary, styles.summary);
  if (doc.entries.length === 0) write(labels.empty, styles.body);
  for (const [date, entries] of byDay(doc.entries)) {
    write(labels.dayHeading(date), styles.day);
    for (const entry of entries) {
      const details = entryDetails(entry, labels);
      write(entryHeading(entry, labels), styles.heading);
      if (details.prompt) write(details.prompt, styles.note);
      if (details.sliders) write(details.sliders, styles.note);
      if (entry.content.trim()) write(entry.content.trim(), styles.body);
      if (details.aiEcho) write(details.aiEcho, styles.note);
      if (details.impact) {
        write(details.impact.label, styles.note);
        for (const point of details.impact.points) write(`• ${point}`, styles.body);
      }
      if (details.tags) write(details.tags, styles.note);
      if (details.pinned) write(details.pinned, styles.note);
    }
  }
  return pdf.save();
}
