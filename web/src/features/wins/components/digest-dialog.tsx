import type { Digest } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { monthName } from '../lib/format.ts';
import { WinEmoji } from './win-emoji.tsx';

interface DigestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  digest: Digest;
  onShare: () => void;
}

/** The monthly digest: the month, how many tiles, a few of them, and Share Digest. */
export function DigestDialog({ open, onOpenChange, digest, onShare }: DigestDialogProps) {
  const { t, i18n } = useTranslation();
  const month = monthName(digest.month, digest.year, i18n.language);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('wins.digest.title', { month, year: String(digest.year) })} description={t('wins.digest.description')}>
      <div className="px-6 pt-2 pb-4">
        <p className="font-serif text-4xl font-semibold text-accent">{digest.tileCount}</p>
        <p className="text-sm text-ink-soft">{t('wins.digest.count', { count: digest.tileCount })}</p>
        {digest.previewTiles.length > 0 ? (
          <>
            <h3 className="mt-5 font-sans text-xs font-semibold tracking-wide text-ink-faint uppercase">{t('wins.digest.preview')}</h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-3">
              {digest.previewTiles.map((tile) => (
                <li key={tile.id} className="flex items-center gap-2 rounded-2xl border border-line bg-canvas p-3 sm:flex-col sm:items-start">
                  <span className="text-2xl" aria-hidden="true">
                    <WinEmoji emoji={tile.emoji} iconClassName="size-7" />
                  </span>
                  <span className="line-clamp-2 font-serif text-sm font-semibold text-ink">{tile.title}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-5 rounded-2xl bg-sunken/60 px-4 py-3 text-sm text-ink-soft">{t('wins.digest.none')}</p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 px-6 pt-2 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('actions.close')}
        </Button>
        <Button onClick={onShare} disabled={digest.tileCount === 0}>
          {t('wins.digest.share')}
        </Button>
      </div>
    </Modal>
  );
}
