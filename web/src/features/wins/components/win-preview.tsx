import type { WinTile } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { formatWinDay } from '../lib/format.ts';
import { useShortcutLabel } from '../lib/use-wins-shortcuts.ts';
import { SourceBadge } from './source-badge.tsx';
import { WinEmoji } from './win-emoji.tsx';
import { PinMark } from './win-tile.tsx';

interface WinPreviewProps {
  win: WinTile | null;
  pinPending: boolean;
  onTogglePin: () => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const heading = 'font-sans text-xs font-semibold tracking-wide text-ink-faint uppercase';

/** The right panel: the selected tile in full with its actions, or a hint to pick one. */
export function WinPreview({ win, pinPending, onTogglePin, onShare, onEdit, onDelete }: WinPreviewProps) {
  const { t } = useTranslation();
  if (!win) {
    return (
      <div className="grid min-h-48 place-items-center rounded-3xl border border-dashed border-line-strong px-6 py-10 text-center">
        <p className="max-w-56 text-ink-faint">{t('wins.preview.empty')}</p>
      </div>
    );
  }
  // Keyed by id so "View source" closes when another tile is picked.
  return <Details key={win.id} win={win} pinPending={pinPending} onTogglePin={onTogglePin} onShare={onShare} onEdit={onEdit} onDelete={onDelete} />;
}

function Details({ win, pinPending, onTogglePin, onShare, onEdit, onDelete }: WinPreviewProps & { win: WinTile }) {
  const { t, i18n } = useTranslation();
  const [showSource, setShowSource] = useState(false);
  const shortcut = useShortcutLabel();
  return (
    <article className="rounded-3xl border border-line bg-surface p-6 shadow-soft" aria-labelledby="win-preview-title">
      <div className="flex items-start gap-3">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-accent-soft text-3xl" aria-hidden="true">
          <WinEmoji emoji={win.emoji} iconClassName="size-8" />
        </span>
        <div className="min-w-0">
          <h2 id="win-preview-title" className="font-serif text-2xl leading-tight font-semibold break-words text-ink">
            {win.title || t('wins.tile.untitled')}
          </h2>
          <time dateTime={win.date} className="mt-1 block text-sm text-ink-faint">
            {formatWinDay(win.date, i18n.language, 'long')}
          </time>
        </div>
      </div>

      {win.description ? <p className="mt-5 whitespace-pre-line text-ink-soft">{win.description}</p> : null}

      {win.impact.length > 0 ? (
        <section className="mt-5">
          <h3 className={heading}>{t('wins.preview.impact')}</h3>
          <ul className="mt-2 space-y-1.5">
            {win.impact.map((point, index) => (
              <li key={index} className="flex gap-2 text-ink">
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {win.tags.length > 0 ? (
        <section className="mt-5">
          <h3 className={heading}>{t('wins.preview.tags')}</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {win.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-sunken px-2.5 py-0.5 text-sm text-ink-soft">
                {tag}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mt-5">
        <h3 className={heading}>{t('wins.source.label')}</h3>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <SourceBadge source={win.source} />
          {win.originalContent !== null ? (
            <Button variant="quiet" size="sm" aria-expanded={showSource} onClick={() => setShowSource((open) => !open)}>
              {showSource ? t('wins.preview.hideSource') : t('wins.preview.viewSource')}
            </Button>
          ) : null}
        </div>
        {showSource && win.originalContent !== null ? (
          <blockquote className="mt-3 max-h-60 overflow-y-auto rounded-xl border-l-2 border-accent bg-sunken/60 px-4 py-3 text-sm whitespace-pre-line text-ink-soft">
            {win.originalContent}
          </blockquote>
        ) : null}
      </section>

      <div className="mt-6 grid grid-cols-2 gap-2">
        <Button variant="secondary" size="sm" onClick={onTogglePin} disabled={pinPending} aria-pressed={win.isPinned}>
          <PinMark className={win.isPinned ? 'text-accent' : 'text-ink-faint'} />
          {win.isPinned ? t('wins.preview.unpin') : t('wins.preview.pin')}
        </Button>
        <Button size="sm" onClick={onShare} aria-keyshortcuts="Meta+Enter Control+Enter">
          {t('wins.preview.share')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t('wins.preview.edit')}
        </Button>
        <Button variant="ghost" size="sm" className="text-danger hover:text-danger" onClick={onDelete}>
          {t('wins.preview.delete')}
        </Button>
      </div>
      <p className="mt-4 text-center text-xs text-ink-faint max-sm:hidden">
        {win.shareCount > 0 ? `${t('wins.preview.shared', { count: win.shareCount })} · ` : null}
        {t('wins.preview.copyHint', { shortcut: shortcut.copy })}
      </p>
    </article>
  );
}
