import type { Fragment } from '@meld/shared';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { useModelAvailability } from '@/lib/config-queries.ts';
import { formatCaptured } from '../lib/format.ts';
import { AddToChatMenu } from './add-to-chat-menu.tsx';
import { TagEditor } from './tag-editor.tsx';
import { PinIcon, TypeBadge } from './type-badge.tsx';
import { TypeSelect } from './type-select.tsx';

interface FragmentPreviewProps {
  fragment: Fragment | null;
  saving: boolean;
  pinningToWins: boolean;
  onClose: () => void;
  onChange: (change: { type?: Fragment['type']; tags?: string[] }) => void;
  onTogglePin: () => void;
  onDelete: () => void;
  onPinToWins: () => void;
  onMerge: () => void;
}

const termClass = 'text-xs font-medium tracking-wide text-ink-faint uppercase';

/** The right-hand panel: the whole fragment, its details (type and tags editable) and what to do with it. */
export function FragmentPreview({ fragment, saving, pinningToWins, onClose, onChange, onTogglePin, onDelete, onPinToWins, onMerge }: FragmentPreviewProps) {
  const { t, i18n } = useTranslation();
  const coachAvailable = useModelAvailability().coach;
  const typeId = useId();
  const tagsId = useId();
  if (!fragment) {
    return <p className="rounded-3xl border border-dashed border-line-strong px-6 py-10 text-center text-sm text-ink-faint">{t('fragments.preview.empty')}</p>;
  }
  return (
    <article aria-labelledby={`${typeId}-heading`} className="rounded-3xl border border-line bg-surface p-5 shadow-soft">
      <header className="flex items-center gap-2">
        <h2 id={`${typeId}-heading`} className="sr-only">
          {t(`fragments.types.${fragment.type}`)}
        </h2>
        <TypeBadge type={fragment.type} />
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" aria-pressed={fragment.isPinned} onClick={onTogglePin} className={fragment.isPinned ? 'text-accent' : undefined}>
            <PinIcon filled={fragment.isPinned} />
            {fragment.isPinned ? t('fragments.preview.unpin') : t('fragments.preview.pin')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} className="hover:text-danger">
            {t('fragments.preview.delete')}
          </Button>
          <CloseButton label={t('fragments.preview.close')} onClick={onClose} className="size-9 hover:bg-sunken" />
        </div>
      </header>
      <p className="mt-4 font-serif text-lg leading-relaxed break-words whitespace-pre-wrap text-ink">{fragment.content}</p>

      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-4 text-sm">
        <div className="col-span-2 flex flex-col gap-1">
          <dt className={termClass}>
            <label htmlFor={typeId}>{t('fragments.preview.type')}</label>
          </dt>
          <dd>
            <TypeSelect id={typeId} value={fragment.type} disabled={saving} onChange={(type) => onChange({ type })} className="h-10 text-sm" />
          </dd>
        </div>
        <div className="col-span-2 flex flex-col gap-1">
          <dt className={termClass}>
            <label htmlFor={tagsId}>{t('fragments.preview.tags')}</label>
          </dt>
          <dd>
            <TagEditor key={`${fragment.id}:${fragment.tags.join(',')}`} id={tagsId} tags={fragment.tags} disabled={saving} onSave={(tags) => onChange({ tags })} />
            <p id={`${tagsId}-hint`} className="mt-1 text-xs text-ink-faint">
              {t('fragments.preview.tagsHint')}
            </p>
          </dd>
        </div>
        <div>
          <dt className={termClass}>{t('fragments.preview.source')}</dt>
          <dd className="mt-0.5 text-ink">{t(`fragments.sources.${fragment.source}`)}</dd>
        </div>
        <div>
          <dt className={termClass}>{t('fragments.preview.words')}</dt>
          <dd className="mt-0.5 text-ink tabular-nums">{fragment.wordCount}</dd>
        </div>
        <div className="col-span-2">
          <dt className={termClass}>{t('fragments.preview.captured')}</dt>
          <dd className="mt-0.5 text-ink">
            <time dateTime={fragment.timestamp}>{formatCaptured(fragment.timestamp, i18n.language)}</time>
          </dd>
        </div>
        {fragment.sourceUrl ? (
          <div className="col-span-2 min-w-0">
            <dt className="sr-only">{t('fragments.preview.link')}</dt>
            <dd>
              <a href={fragment.sourceUrl} target="_blank" rel="noreferrer noopener" className="block truncate text-accent underline-offset-4 hover:underline">
                {t('fragments.preview.link')} · {new URL(fragment.sourceUrl).hostname}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>

      <div role="group" aria-label={t('fragments.preview.actions')} className="mt-5 flex flex-col gap-2 border-t border-line pt-4">
        {coachAvailable ? <AddToChatMenu fragmentId={fragment.id} /> : null}
        <Button variant="secondary" block onClick={onPinToWins} loading={pinningToWins}>
          {t('fragments.preview.pinToWins')}
        </Button>
        <Button block onClick={onMerge}>
          {t('fragments.preview.merge')}
        </Button>
      </div>
    </article>
  );
}
