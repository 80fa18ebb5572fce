import type { Digest } from '@meld/shared';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { monthName } from '../lib/format.ts';
import { ALL_TAGS } from '../lib/wins-filter.ts';
import { useShortcutLabel } from '../lib/use-wins-shortcuts.ts';
import { PlusIcon } from './plus-icon.tsx';

/** Line icons, not symbol characters: a machine without the font showed them as empty boxes. */
const QUICK_PICKS = [
  { key: 'pinnedInsights', icon: 'M10 2.5 11.8 8.2 17.5 10l-5.7 1.8L10 17.5l-1.8-5.7L2.5 10l5.7-1.8z' },
  { key: 'pinnedLogCards', icon: 'M3.5 3.5h13v13h-13zM6.5 7.5h7M6.5 10h7M6.5 12.5h4' },
  { key: 'manualNote', icon: 'm12.5 3.5 4 4-9 9h-4v-4l9-9z' },
  { key: 'uploadImage', icon: 'M3.5 4.5h13v11h-13zM3.5 13l4-4 3.5 3.5 2-2 3.5 3.5M12.5 8a1 1 0 1 0 0-.01' },
] as const;

interface WinsToolsProps {
  digest: Digest | undefined;
  tags: readonly string[];
  tag: string;
  onTagChange: (tag: string) => void;
  onCreate: () => void;
  onOpenDigest: () => void;
}

/** The left panel: create, the quick-pick sources (display-only in spec 002), the digest card and the tag filter. */
export function WinsTools({ digest, tags, tag, onTagChange, onCreate, onOpenDigest }: WinsToolsProps) {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const shortcut = useShortcutLabel();
  return (
    <div className="space-y-5">
      <Button block onClick={onCreate} aria-keyshortcuts="Meta+Alt+W Control+Alt+W">
        <PlusIcon />
        {t('wins.newTile')}
        <kbd className="ml-auto rounded-md max-sm:hidden bg-accent-strong px-1.5 py-0.5 font-sans text-xs">{shortcut.create}</kbd>
      </Button>

      <div>
        <label htmlFor={filterId} className="text-xs font-semibold tracking-wide text-ink-faint uppercase">
          {t('wins.filter.label')}
        </label>
        <select id={filterId} value={tag} onChange={(event) => onTagChange(event.target.value)} className={inputClasses(false, 'mt-2 h-11 text-sm')}>
          <option value={ALL_TAGS}>{t('wins.filter.all')}</option>
          {tags.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>

      {digest ? (
        <section className="rounded-2xl border border-line bg-gradient-to-br from-accent-soft to-surface p-4" aria-labelledby={`${filterId}-digest`}>
          <h2 id={`${filterId}-digest`} className="font-serif text-lg font-semibold text-ink">
            {t('wins.digestCard.title', { month: monthName(digest.month, digest.year, i18n.language) })}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t('wins.digestCard.count', { count: digest.tileCount })}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onOpenDigest}>
            {t('wins.digestCard.action')}
          </Button>
        </section>
      ) : null}

      <section aria-labelledby={`${filterId}-quick`}>
        <h2 id={`${filterId}-quick`} className="font-sans text-xs font-semibold tracking-wide text-ink-faint uppercase">
          {t('wins.quickPick.title')}
        </h2>
        <p className="mt-1 text-xs text-ink-faint">{t('wins.quickPick.note')}</p>
        <ul className="mt-2 grid grid-cols-2 gap-2 @4xl:grid-cols-1">
          {QUICK_PICKS.map((pick) => (
            <li key={pick.key} className="flex items-center gap-2 rounded-xl bg-sunken/60 px-3 py-2 text-sm text-ink-soft">
              <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-accent" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" aria-hidden="true">
                <path d={pick.icon} />
              </svg>
              {t(`wins.quickPick.${pick.key}`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
