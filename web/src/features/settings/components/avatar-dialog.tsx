import { AVATAR_RULES } from '@meld/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';
import { useUploadAvatar } from '../api/avatar-queries.ts';
import { clampCrop, INITIAL_CROP, isAcceptableAvatarFile, PREVIEW_PX, renderAvatar, turn, type CropState, type Picture } from './avatar-crop.ts';
import { AvatarPreview } from './avatar-preview.tsx';

const ACCEPT = [...AVATAR_RULES.extensions.map((extension) => `.${extension}`), ...AVATAR_RULES.mimeTypes].join(',');
const LIMIT_TEXT = `${AVATAR_RULES.maxBytes / (1024 * 1024)} MB`;

interface Source {
  image: ImageBitmap;
  picture: Picture;
}

function RotateIcon({ clockwise }: { clockwise: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" style={clockwise ? undefined : { transform: 'scaleX(-1)' }}>
      <path d="M15.5 9.5a5.5 5.5 0 1 1-1.7-4" />
      <path d="M14.5 2.5v3.5H11" />
    </svg>
  );
}

/** The dialog's body: choose, crop (zoom, quarter turns, drag) and upload. Remounted each time it opens. */
function AvatarEditor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const zoomId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP);
  const [invalid, setInvalid] = useState<string | null>(null);
  const upload = useUploadAvatar();

  useEffect(() => () => source?.image.close(), [source]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refusal = t('settings.account.avatar.invalid', { value: LIMIT_TEXT });
    if (!isAcceptableAvatarFile(file)) {
      setInvalid(refusal);
      return;
    }
    try {
      const image = await createImageBitmap(file);
      setSource({ image, picture: { width: image.width, height: image.height } });
      setCrop(INITIAL_CROP);
      setInvalid(null);
    } catch {
      // Named .png but not a picture the browser can read.
      setInvalid(refusal);
    }
  };

  const change = (next: Partial<CropState>) => setCrop((current) => (source ? clampCrop(source.picture, { ...current, ...next }) : current));
  const move = (dx: number, dy: number) => setCrop((current) => (source ? clampCrop(source.picture, { ...current, offset: { x: current.offset.x + dx, y: current.offset.y + dy } }) : current));

  const submit = async () => {
    if (!source) return;
    try {
      await upload.mutateAsync(await renderAvatar(source.image, source.picture, crop));
      showToast({ message: t('settings.account.avatar.success'), severity: 'success' });
      onDone();
    } catch (error) {
      // The server's refusal says what was wrong with the picture; anything else is the generic text.
      const refused = error instanceof ApiError && (error.status === 400 || error.status === 413);
      if (refused) setInvalid(error.message);
      showToast({ message: t('settings.account.avatar.error'), severity: 'error' });
    }
  };

  return (
    <div className="flex flex-col gap-5 px-6 pt-3 pb-6">
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('settings.account.avatar.choose')}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {source ? (
        <div className="flex flex-col items-center gap-5">
          <AvatarPreview image={source.image} picture={source.picture} crop={crop} onMove={move} />
          <div className="w-full max-w-xs">
            <div className="mb-1.5 flex items-center justify-between text-sm">
              <label htmlFor={zoomId} className="font-medium text-ink">
                {t('settings.account.avatar.zoom')}
              </label>
              <span className="text-ink-faint tabular-nums">{t('settings.account.avatar.zoomValue', { value: crop.zoom.toFixed(2) })}</span>
            </div>
            <input
              id={zoomId}
              type="range"
              min={AVATAR_RULES.zoom.min}
              max={AVATAR_RULES.zoom.max}
              step={AVATAR_RULES.zoom.step}
              value={crop.zoom}
              onChange={(event) => change({ zoom: Number(event.target.value) })}
              className="h-1.5 w-full cursor-pointer accent-[var(--accent)]"
            />
          </div>
          <div className="flex items-center gap-2" role="group" aria-label={t('settings.account.avatar.rotation', { degrees: String(crop.rotation) })}>
            <Button variant="secondary" size="sm" onClick={() => change({ rotation: turn(crop.rotation, -90) })}>
              <RotateIcon clockwise={false} />
              {t('settings.account.avatar.rotateLeft')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => change({ rotation: turn(crop.rotation, 90) })}>
              <RotateIcon clockwise />
              {t('settings.account.avatar.rotateRight')}
            </Button>
          </div>
          <p className="text-center text-xs text-ink-faint">{t('settings.account.avatar.dragHint')}</p>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          style={{ width: PREVIEW_PX, height: PREVIEW_PX }}
          className="mx-auto grid place-items-center rounded-full border-2 border-dashed border-line-strong bg-sunken/60 px-8 text-center text-sm text-ink-soft transition-colors hover:border-accent hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus"
        >
          <span>
            <span className="block font-serif text-lg text-ink">{t('settings.account.avatar.choose')}</span>
            <span className="mt-1 block text-xs text-ink-faint">{t('settings.account.avatar.rules', { value: LIMIT_TEXT })}</span>
          </span>
        </button>
      )}
      {invalid ? <Alert>{invalid}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {source ? (
          <Button variant="quiet" size="sm" className="sm:mr-auto" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
            {t('settings.account.avatar.chooseAnother')}
          </Button>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Button variant="secondary" onClick={onDone} disabled={upload.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!source} loading={upload.isPending}>
            {upload.isPending ? t('settings.account.avatar.uploading') : t('settings.account.avatar.upload')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Spec 000's avatar dialog: a 250 x 250 round preview with zoom 1-5 (step 0.001) and rotation, then upload. */
export function AvatarDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('settings.account.avatar.title')} description={t('settings.account.avatar.description')}>
      {open ? <AvatarEditor onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}
