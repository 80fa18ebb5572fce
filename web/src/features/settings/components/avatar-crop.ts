import { AVATAR_RULES } from '@meld/shared';

/**
 * The avatar dialog's geometry (spec 000 section 5): the picture covers the round preview at zoom
 * 1, grows to 5 times that, turns in quarter turns and can be dragged as long as it still covers
 * the circle's square. Offsets are in preview pixels; the upload is drawn from the same state.
 */

export type Rotation = 0 | 90 | 180 | 270;

export interface CropState {
  zoom: number;
  rotation: Rotation;
  /** The picture's centre, from the preview's centre, in preview pixels. */
  offset: { x: number; y: number };
}

export interface Picture {
  width: number;
  height: number;
}

export const INITIAL_CROP: CropState = { zoom: AVATAR_RULES.zoom.min, rotation: 0, offset: { x: 0, y: 0 } };
export const PREVIEW_PX = AVATAR_RULES.previewPx;
/** The uploaded PNG's side: twice the preview, so it stays sharp on high-density screens. */
export const OUTPUT_PX = PREVIEW_PX * 2;

/** Whether a chosen file may be an avatar: a PNG or JPEG (by extension or type) of at most the limit. */
export function isAcceptableAvatarFile(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number = AVATAR_RULES.maxBytes): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const extensionOk = (AVATAR_RULES.extensions as readonly string[]).includes(extension);
  // Some systems give no type; the extension then decides here and the server reads the bytes.
  const typeOk = file.type === '' || (AVATAR_RULES.mimeTypes as readonly string[]).includes(file.type);
  return typeOk && extensionOk && file.size > 0 && file.size <= maxBytes;
}

export function clampZoom(zoom: number): number {
  const { min, max, step } = AVATAR_RULES.zoom;
  const stepped = Math.round(zoom / step) * step;
  return Math.min(max, Math.max(min, Number(stepped.toFixed(3))));
}

/** Picture pixels per preview pixel at a zoom: at 1 its shorter side just fills the preview. */
function scaleAt(picture: Picture, zoom: number): number {
  return (PREVIEW_PX / Math.min(picture.width, picture.height)) * zoom;
}

/** The picture's size on screen (preview pixels) once turned. */
function turnedSize(picture: Picture, crop: Pick<CropState, 'zoom' | 'rotation'>): { width: number; height: number } {
  const scale = scaleAt(picture, crop.zoom);
  const sideways = crop.rotation % 180 !== 0;
  return { width: (sideways ? picture.height : picture.width) * scale, height: (sideways ? picture.width : picture.height) * scale };
}

/** Keeps the picture over the whole preview: it can move only as far as it overhangs. */
export function clampCrop(picture: Picture, crop: CropState): CropState {
  const zoom = clampZoom(crop.zoom);
  const size = turnedSize(picture, { zoom, rotation: crop.rotation });
  const limitX = Math.max(0, (size.width - PREVIEW_PX) / 2);
  const limitY = Math.max(0, (size.height - PREVIEW_PX) / 2);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return { zoom, rotation: crop.rotation, offset: { x: clamp(crop.offset.x, limitX), y: clamp(crop.offset.y, limitY) } };
}

export function turn(rotation: Rotation, by: 90 | -90): Rotation {
  return (((rotation + by) % 360) + 360) % 360 as Rotation;
}

/** Draws the crop into a square context of `side` pixels (the preview's, or the upload's). */
export function drawCrop(context: CanvasRenderingContext2D, image: CanvasImageSource, picture: Picture, crop: CropState, side: number): void {
  const ratio = side / PREVIEW_PX;
  const scale = scaleAt(picture, crop.zoom) * ratio;
  context.save();
  context.clearRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.translate(side / 2 + crop.offset.x * ratio, side / 2 + crop.offset.y * ratio);
  context.rotate((crop.rotation * Math.PI) / 180);
  context.scale(scale, scale);
  context.drawImage(image, -picture.width / 2, -picture.height / 2);
  context.restore();
}

/** The crop as the PNG the server keeps. */
export function renderAvatar(image: CanvasImageSource, picture: Picture, crop: CropState): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_PX;
  canvas.height = OUTPUT_PX;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw pictures.'));
  drawCrop(context, image, picture, crop, OUTPUT_PX);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png');
  });
}
