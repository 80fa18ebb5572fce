import { describe, expect, it } from 'vitest';
import { imageTokens } from './attachments-tokens.ts';

describe('imageTokens', () => {
  it('costs 85 at low detail, whatever the size', () => {
    expect(imageTokens(4096, 4096, 'low')).toBe(85);
    expect(imageTokens(null, null, 'low')).toBe(85);
  });

  it('costs one tile for a small image at high detail', () => {
    expect(imageTokens(300, 200, 'high')).toBe(85 + 170);
  });

  it("scales a large square to 768 a side before tiling (OpenAI's 1024 x 1024 example: 765)", () => {
    expect(imageTokens(1024, 1024, 'high')).toBe(765);
  });

  it("fits a very large image in 2048 first, then its short side to 768 (OpenAI's 2048 x 4096 example: 1105)", () => {
    expect(imageTokens(2048, 4096, 'high')).toBe(1105);
  });

  it('bills auto as high', () => {
    expect(imageTokens(1024, 1024, 'auto')).toBe(imageTokens(1024, 1024, 'high'));
  });

  it('counts an image of unknown size as the default 1920 x 1080', () => {
    expect(imageTokens(undefined, null, 'high')).toBe(imageTokens(1920, 1080, 'high'));
    // 1920 x 1080 → 1365 x 768: 3 x 2 tiles.
    expect(imageTokens(1920, 1080, 'high')).toBe(85 + 170 * 6);
  });
});
