import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { drawCrop, PREVIEW_PX, type CropState, type Picture } from './avatar-crop.ts';

interface AvatarPreviewProps {
  image: CanvasImageSource;
  picture: Picture;
  crop: CropState;
  /** Moves the picture by a distance in preview pixels; the dialog keeps it covering the circle. */
  onMove: (dx: number, dy: number) => void;
}

const KEY_STEP_PX = 5;
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP_PX, 0],
  ArrowRight: [KEY_STEP_PX, 0],
  ArrowUp: [0, -KEY_STEP_PX],
  ArrowDown: [0, KEY_STEP_PX],
};

/**
 * The 250 x 250 round preview: the crop drawn at the screen's pixel density, dragged with a
 * pointer or moved with the arrow keys.
 */
export function AvatarPreview({ image, picture, crop, onMove }: AvatarPreviewProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const density = Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1)));

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (context) drawCrop(context, image, picture, crop, PREVIEW_PX * density);
  }, [image, picture, crop, density]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = dragFrom.current;
    if (!from) return;
    dragFrom.current = { x: event.clientX, y: event.clientY };
    onMove(event.clientX - from.x, event.clientY - from.y);
  };
  const endDrag = () => {
    dragFrom.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    onMove(...move);
  };

  return (
    <canvas
      ref={canvasRef}
      width={PREVIEW_PX * density}
      height={PREVIEW_PX * density}
      style={{ width: PREVIEW_PX, height: PREVIEW_PX }}
      role="img"
      aria-label={t('settings.account.avatar.previewLabel')}
      tabIndex={0}
      data-zoom={crop.zoom}
      data-rotation={crop.rotation}
      className="cursor-grab touch-none rounded-full border-4 border-surface bg-sunken shadow-lift ring-1 ring-line outline-none focus-visible:ring-2 focus-visible:ring-focus active:cursor-grabbing"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    />
  );
}
