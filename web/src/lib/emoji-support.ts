/**
 * Whether this browser can draw an emoji, measured on a canvas: a machine without an emoji font
 * draws the "missing glyph" box (tofu) instead, which reads as an empty square in the page.
 *
 * An emoji renders when its drawing has colour (a colour emoji font), or, drawn in black, has ink
 * and differs from what the browser draws for as many characters no font has (a monochrome
 * symbol font still counts). Results are cached per emoji: a page of tiles measures each once.
 */
const SIZE = 24;
/** A private-use code point no font maps: the browser draws its missing-glyph box for it. */
const MISSING = '\u{10FFFD}';
const cache = new Map<string, boolean>();

/** Draws `text` in black and returns its pixels (RGBA). */
export type DrawGlyphs = (text: string) => Uint8ClampedArray;

/** Characters that draw something: joiners and variation selectors take no room of their own. */
function visibleCount(text: string): number {
  const invisible = new Set(['\u200d', '\ufe0e', '\ufe0f']);
  return [...text].filter((char) => !invisible.has(char)).length;
}

function hasColour(pixels: Uint8ClampedArray): boolean {
  for (let index = 0; index < pixels.length; index += 4) {
    const [red, green, blue, alpha] = [pixels[index]!, pixels[index + 1]!, pixels[index + 2]!, pixels[index + 3]!];
    if (alpha > 0 && (Math.abs(red - green) > 16 || Math.abs(green - blue) > 16 || Math.abs(red - blue) > 16)) return true;
  }
  return false;
}

function hasInk(pixels: Uint8ClampedArray): boolean {
  for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) return true;
  return false;
}

function samePixels(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** The judgement, given a way to draw (the browser's canvas, or a test's). */
export function glyphsRender(text: string, draw: DrawGlyphs): boolean {
  const drawn = draw(text);
  if (hasColour(drawn)) return true;
  return hasInk(drawn) && !samePixels(drawn, draw(MISSING.repeat(Math.max(1, visibleCount(text)))));
}

/** Draws on an offscreen canvas; null where the browser gives no 2D context (then nothing is judged). */
function canvasDraw(): DrawGlyphs | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * 4;
  canvas.height = SIZE * 2;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d', { willReadFrequently: true });
  } catch {
    return null;
  }
  if (!context) return null;
  const ctx = context;
  ctx.font = `${SIZE}px sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#000';
  return (text) => {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.fillText(text, 0, SIZE);
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  };
}

/** Whether the browser draws `emoji` as itself; true when it cannot be measured (no canvas). */
export function emojiRenders(emoji: string): boolean {
  const known = cache.get(emoji);
  if (known !== undefined) return known;
  const draw = canvasDraw();
  const renders = draw ? glyphsRender(emoji, draw) : true;
  cache.set(emoji, renders);
  return renders;
}
