import type { ImageDetail } from '../../providers/llm/types.ts';

/** Spec 000 section 9's image costs: low 85; otherwise 85 plus 170 for each 512-pixel tile. */
const BASE_TOKENS = 85;
const TILE_TOKENS = 170;
const TILE = 512;
/** OpenAI scales an image to fit 2048 x 2048, then its shorter side down to 768, before tiling. */
const MAX_SIDE = 2048;
const SHORT_SIDE = 768;
/** An image whose size is unknown counts as spec 000's default image (1920 x 1080). */
const DEFAULT_SIZE = { width: 1920, height: 1080 };

/** The prompt tokens one image costs at a detail level (auto is billed as high). */
export function imageTokens(width: number | null | undefined, height: number | null | undefined, detail: ImageDetail): number {
  if (detail === 'low') return BASE_TOKENS;
  let w = width && width > 0 ? width : DEFAULT_SIZE.width;
  let h = height && height > 0 ? height : DEFAULT_SIZE.height;
  if (Math.max(w, h) > MAX_SIDE) {
    const scale = MAX_SIDE / Math.max(w, h);
    [w, h] = [w * scale, h * scale];
  }
  if (Math.min(w, h) > SHORT_SIDE) {
    const scale = SHORT_SIDE / Math.min(w, h);
    [w, h] = [w * scale, h * scale];
  }
  const tiles = Math.ceil(Math.floor(w) / TILE) * Math.ceil(Math.floor(h) / TILE);
  return BASE_TOKENS + TILE_TOKENS * tiles;
}
