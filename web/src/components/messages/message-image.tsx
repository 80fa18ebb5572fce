import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { LazyModal } from '@/components/ui/lazy-modal.tsx';

/** LibreChat's reserve for an image of unknown size (spec 000 section 3: height 1920, width 1080). */
export const DEFAULT_IMAGE_HEIGHT = 1920;
export const DEFAULT_IMAGE_WIDTH = 1080;
const MAX_HEIGHT_PX = 384;

/**
 * Images come only from this site (a path) or over https; anything else (http, data:,
 * javascript:, protocol-relative `//host` or `/\host`) is not shown.
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (/^\/(?![/\\])/.test(url)) return url;
  return /^https:\/\/[^/\\\s]/i.test(url) ? url : null;
}

const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);

interface MessageImageProps {
  url: string;
  alt?: string | null;
  /** A stored file's size; a file without one gets the default box, an image URL its natural size. */
  size?: { width: unknown; height: unknown } | null;
}

/**
 * An image in a reply: its box takes the image's proportions before it loads so the list does not
 * jump, it loads lazily, and a click opens it at full size in a dialog.
 */
export function MessageImage({ url, alt, size }: MessageImageProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const w = positive(size?.width, DEFAULT_IMAGE_WIDTH);
  const h = positive(size?.height, DEFAULT_IMAGE_HEIGHT);
  const label = alt || t('messages.image');
  const box = size ? { aspectRatio: `${w} / ${h}`, width: `min(100%, ${Math.min(w, (MAX_HEIGHT_PX * w) / h)}px)` } : undefined;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('messages.imageOpen')}
        className="my-3 block max-w-full cursor-zoom-in overflow-hidden rounded-xl border border-line bg-sunken/60 first:mt-0"
        style={box}
      >
        {box ? (
          <img src={url} alt={label} width={w} height={h} loading="lazy" decoding="async" className="size-full object-contain" />
        ) : (
          <img src={url} alt={label} loading="lazy" decoding="async" className="block max-h-96 w-auto max-w-full" />
        )}
      </button>
      <LazyModal open={open} onOpenChange={setOpen} title={label} size="xl">
        <div className="overflow-auto px-6 pb-6">
          <img src={url} alt={label} className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-lg object-contain" />
        </div>
      </LazyModal>
    </>
  );
}
