import { describe, expect, it } from 'vitest';
import { glyphsRender, type DrawGlyphs } from './emoji-support.ts';

/** A 4-pixel canvas: each character paints one pixel, in the colour its "font" gives it. */
const PIXELS = 4;
type Paint = (char: string) => [number, number, number, number];

function fakeCanvas(paint: Paint): DrawGlyphs {
  return (text) => {
    const pixels = new Uint8ClampedArray(PIXELS * 4);
    [...text].filter((char) => char !== '\u200d' && char !== '\ufe0f').forEach((char, index) => pixels.set(paint(char), index * 4));
    return pixels;
  };
}

const TOFU: [number, number, number, number] = [0, 0, 0, 255];
const MISSING = '\u{10FFFD}';

describe('glyphsRender', () => {
  it('keeps an emoji a colour font draws', () => {
    const colourFont = fakeCanvas((char) => (char === MISSING ? TOFU : [230, 80, 40, 255]));
    expect(glyphsRender('🎯', colourFont)).toBe(true);
  });

  it('refuses an emoji drawn as the missing-glyph box, one box or several (no emoji font)', () => {
    const noEmojiFont = fakeCanvas(() => TOFU);
    expect(glyphsRender('🎯', noEmojiFont)).toBe(false);
    expect(glyphsRender('👩‍💻', noEmojiFont)).toBe(false);
  });

  it('keeps a symbol a monochrome font draws unlike the box', () => {
    const symbolFont = fakeCanvas((char) => (char === MISSING ? TOFU : [0, 0, 0, 128]));
    expect(glyphsRender('★', symbolFont)).toBe(true);
  });

  it('refuses what draws nothing at all', () => {
    expect(glyphsRender('🎯', fakeCanvas(() => [0, 0, 0, 0]))).toBe(false);
  });
});
