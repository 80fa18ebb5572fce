import { FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import clsx from 'clsx';
import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { cutPreview } from '../lib/fragment-text.ts';
import { formatCaptured } from '../lib/format.ts';
import { PinIcon, TypeBadge } from './type-badge.tsx';

interface FragmentRowProps {
  fragment: Fragment;
  selected: boolean;
  previewed: boolean;
  focusable: boolean;
  rowRef: Ref<HTMLLIElement>;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onFocus: () => void;
}

/** One inbox row: type, the first 200 characters, two tags and "+N", words, time and the pin. */
export function FragmentRow({ fragment, selected, previewed, focusable, rowRef, onClick, onKeyDown, onFocus }: FragmentRowProps) {
  const { t, i18n } = useTranslation();
  const shownTags = fragment.tags.slice(0, FRAGMENT_LIMITS.tagsShown);
  const hidden = fragment.tags.length - shownTags.length;
  return (
    <li
      ref={rowRef}
      role="option"
      id={`fragment-${fragment.id}`}
      aria-selected={selected}
      aria-current={previewed ? 'true' : undefined}
      tabIndex={focusable ? 0 : -1}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className={clsx(
        'relative cursor-pointer rounded-2xl border bg-surface px-4 py-3.5 outline-none transition-colors duration-150',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        selected ? 'border-accent bg-accent-soft/40 ring-2 ring-accent/20' : previewed ? 'border-line-strong shadow-soft' : 'border-line hover:border-line-strong',
      )}
    >
      <div className="flex items-center gap-2">
        {selected ? (
          <span className="grid size-4 place-items-center rounded bg-accent text-accent-contrast" aria-hidden="true">
            <svg viewBox="0 0 12 12" className="size-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M2.5 6.2 5 8.5l4.5-5" />
            </svg>
          </span>
        ) : null}
        <TypeBadge type={fragment.type} />
        {fragment.source === 'manual' ? null : <span className="text-xs text-ink-faint">{t(`fragments.sources.${fragment.source}`)}</span>}
        <span className="ml-auto flex items-center gap-2 text-xs text-ink-faint">
          <time dateTime={fragment.timestamp}>{formatCaptured(fragment.timestamp, i18n.language)}</time>
          {fragment.isPinned ? (
            <span className="text-accent">
              <PinIcon filled />
              <span className="sr-only">{t('fragments.list.pinned')}</span>
            </span>
          ) : null}
        </span>
      </div>
      <p className="mt-2 leading-relaxed break-words text-ink">{cutPreview(fragment.content, FRAGMENT_LIMITS.listPreview)}</p>
      <div className="mt-2.5 flex flex-wrap items-center gap-1.5 text-xs text-ink-faint">
        {shownTags.map((tag) => (
          <span key={tag} className="rounded-full bg-sunken px-2 py-0.5 font-medium text-ink-soft">
            #{tag}
          </span>
        ))}
        {hidden > 0 ? (
          <span className="rounded-full px-1.5 py-0.5 font-medium" aria-label={t('fragments.list.moreTagsLabel', { count: hidden })}>
            {t('fragments.list.moreTags', { count: hidden })}
          </span>
        ) : null}
        <span className="ml-auto">{t('fragments.list.words', { count: fragment.wordCount })}</span>
      </div>
    </li>
  );
}
