import type { VersionSummary } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { formatDay } from '../lib/format.ts';

interface HistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  versions: VersionSummary[];
  currentId: string | null;
  onOpenVersion: (id: string) => void;
}

/** The three latest versions with their date, headline, confidence and changes; opening one reads it as it was. */
export function HistoryDialog({ open, onOpenChange, versions, currentId, onOpenVersion }: HistoryDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('northStar.history.title')} description={t('northStar.history.description')} size="lg">
      <ol className="flex flex-col gap-3 px-6 pt-2 pb-6">
        {versions.map((version, index) => (
          <li key={version.id}>
            <button
              type="button"
              onClick={() => onOpenVersion(version.id)}
              aria-current={version.id === currentId || undefined}
              className="w-full rounded-2xl border border-line bg-canvas px-5 py-4 text-left transition-colors hover:border-line-strong hover:bg-sunken focus-visible:outline-2 focus-visible:outline-focus aria-[current]:border-accent/50"
            >
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-faint">
                <span className="font-semibold tracking-wide uppercase">{formatDay(version.createdAt, i18n.language)}</span>
                <span>{t('northStar.history.confidence', { value: String(version.confidence) })}</span>
                {index === 0 ? <span className="rounded-full bg-accent-soft px-2 py-0.5 font-medium text-accent-strong">{t('northStar.history.current')}</span> : null}
              </span>
              <span className="mt-1.5 block font-serif text-lg leading-snug font-semibold text-ink">{version.headline}</span>
              <span className="mt-1 block text-sm text-ink-soft">{version.changes.length > 0 ? version.changes.map((change) => change.text).join(' · ') : t('northStar.history.noChanges')}</span>
            </button>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
