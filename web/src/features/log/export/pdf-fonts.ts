import fontkit from '@pdf-lib/fontkit';
import emoji from '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf?url';
import bold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import regular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import italic from '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf?url';
import math from '@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf?url';
import symbols from '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf?url';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The PDF's fonts (Noto, SIL Open Font License: embedding allowed). The standard PDF fonts encode
 * WinAnsi only, so a line break, "ł" or "✨" printed as "?". Noto Sans draws the Latin, Greek and
 * Cyrillic text; the others are fallbacks loaded only when the text has a character Noto Sans lacks.
 * The files are build assets, fetched when a PDF is written, so no page's script grows.
 */
export const PDF_FONT_URLS = { regular, bold, italic, emoji, symbols, math } as const;

export type PdfFace = keyof typeof PDF_FONT_URLS;
export type PdfFontLoader = (face: PdfFace) => Promise<ArrayBuffer | Uint8Array>;

/** Tried in this order for a character the text font cannot draw: emoji, then symbols (✓ ★), then arrows and math. */
export const FALLBACK_FACES = ['emoji', 'symbols', 'math'] as const satisfies readonly PdfFace[];

/** A font embedded in the PDF and the code points it can draw. */
export interface PdfFontCover {
  font: PDFFont;
  chars: ReadonlySet<number>;
}

export const fetchPdfFont: PdfFontLoader = async (face) => {
  const response = await fetch(PDF_FONT_URLS[face]);
  if (!response.ok) throw new Error(`PDF font ${face}: HTTP ${response.status}`);
  return response.arrayBuffer();
};

/** A face's file and the code points it covers, read before deciding to embed it. */
export async function readFace(face: PdfFace, load: PdfFontLoader): Promise<{ bytes: Uint8Array; chars: ReadonlySet<number> }> {
  const bytes = new Uint8Array(await load(face));
  return { bytes, chars: new Set(fontkit.create(bytes).characterSet) };
}

/**
 * OpenType features a text face is drawn without: shaping Noto Sans's kerning, ligature and mark
 * tables cost ~4 ms a line (seconds for a month). The text is NFC-normalised first, so accents are
 * precomposed and need no mark positioning. The emoji face keeps its features: its ligatures draw
 * ZWJ sequences, flags and skin tones.
 */
const plainText = () => ({ kern: false, liga: false, clig: false, calt: false, ccmp: false, locl: false, rlig: false, mark: false, mkmk: false });

/** Embeds a face subset to the glyphs the document draws (a whole Noto file is 0.6–1.2 MB). */
export async function embedFace(pdf: PDFDocument, face: { bytes: Uint8Array; chars: ReadonlySet<number> }, shaping: 'plain' | 'full'): Promise<PdfFontCover> {
  pdf.registerFontkit(fontkit);
  // A fresh object each time: fontkit writes its defaults into the one it is given.
  return { font: await pdf.embedFont(face.bytes, { subset: true, ...(shaping === 'plain' ? { features: plainText() } : {}) }), chars: face.chars };
}
