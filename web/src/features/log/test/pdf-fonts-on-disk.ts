import { readFile } from 'node:fs/promises';
import type { OutsideMocks } from '@/test/mock-api.ts';
import { PDF_FONT_URLS, type PdfFace, type PdfFontLoader } from '../export/pdf-fonts.ts';

/** Under Vitest an asset URL is "/@fs/<absolute path>": the same files the build ships, read from disk. */
const pathOf = (url: string) => decodeURIComponent(url.replace(/^\/@fs/, ''));

/** The font files the PDF embeds, read from disk; counts each face asked for. */
export function pdfFontsOnDisk() {
  const asked: PdfFace[] = [];
  const load: PdfFontLoader = async (face) => {
    asked.push(face);
    return readFile(pathOf(PDF_FONT_URLS[face]));
  };
  return { load, asked };
}

/** The browser's fetch of each font asset, answered with the file (for tests that export through the page). */
export function pdfFontRequests(): OutsideMocks {
  return Object.fromEntries(Object.values(PDF_FONT_URLS).map((url) => [`GET ${url}`, async () => new Response(await readFile(pathOf(url)))]));
}
