import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { tagsQuery } from '../../api/chat-queries.ts';
import { BookmarksManager } from '../bookmarks/bookmarks-manager.tsx';

interface BookmarkFilterProps {
  selected: readonly string[];
  onChange: (tags: string[]) => void;
}

/**
 * Narrows the history to conversations carrying every chosen bookmark (the list's `tags` filter),
 * and opens the bookmarks manager. A renamed or deleted bookmark stays chosen under its new name, or leaves the filter.
 */
export function BookmarkFilter({ selected, onChange }: BookmarkFilterProps) {
  const { t } = useTranslation();
  const tags = useQuery(tagsQuery);
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const toggle = (tag: string) => onChange(selected.includes(tag) ? selected.filter((name) => name !== tag) : [...selected, tag]);
  const active = selected.length > 0;

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label={active ? t('chat.bookmarks.filterActive', { tags: selected.join(', ') }) : t('chat.bookmarks.filter')}
          className={clsx(
            'grid size-7 place-items-center rounded-md hover:bg-sunken hover:text-ink data-[state=open]:bg-sunken',
            active ? 'text-accent' : 'text-ink-faint',
          )}
        >
          <svg viewBox="0 0 20 20" className="size-4" fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
            <path d="M5.5 3.5h9v13L10 13l-4.5 3.5z" />
          </svg>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content aria-label={t('chat.bookmarks.choose')} align="end" sideOffset={6} className="z-50 w-64 animate-fade-in rounded-xl border border-line bg-surface p-2 shadow-lift">
            <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wider text-ink-faint uppercase">{t('chat.bookmarks.choose')}</p>
            {tags.isPending ? (
              <div className="flex justify-center py-3 text-accent">
                <Spinner label={t('loading')} />
              </div>
            ) : !tags.data?.length ? (
              <p className="px-2 pb-2 text-sm leading-relaxed text-ink-soft">{t('chat.bookmarks.none')}</p>
            ) : (
              <ul className="max-h-64 overflow-y-auto">
                {tags.data.map((tag) => (
                  <li key={tag.tag}>
                    <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-ink hover:bg-sunken">
                      <input type="checkbox" checked={selected.includes(tag.tag)} onChange={() => toggle(tag.tag)} className="size-4 accent-[var(--accent)]" />
                      <span className="min-w-0 flex-1 truncate">{tag.tag}</span>
                      <span className="text-xs text-ink-faint tabular-nums">{tag.count}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {active ? (
              <button type="button" onClick={() => onChange([])} className="mt-1 w-full rounded-lg px-2 py-2 text-left text-sm text-accent hover:bg-sunken">
                {t('chat.bookmarks.clear')}
              </button>
            ) : null}
            <div className="mt-1 border-t border-line pt-1">
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  setManaging(true);
                }}
                className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm text-ink-soft hover:bg-sunken hover:text-ink"
              >
                <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
                  <path d="M4 6h12M4 10h12M4 14h8" />
                </svg>
                {t('chat.bookmarks.manage')}
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <BookmarksManager
        open={managing}
        onOpenChange={setManaging}
        onRenamed={(from, to) => selected.includes(from) && onChange(selected.map((tag) => (tag === from ? to : tag)))}
        onDeleted={(tag) => selected.includes(tag) && onChange(selected.filter((other) => other !== tag))}
      />
    </>
  );
}
