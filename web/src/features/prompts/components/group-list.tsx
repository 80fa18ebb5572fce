import type { PromptGroup } from '@meld/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { promptVariables } from '@/components/prompts/variables.ts';

export const PAGE_SIZES = [10, 25, 50] as const;

interface GroupListProps {
  groups: PromptGroup[] | undefined;
  state: 'pending' | 'error' | 'ready';
  filtered: boolean;
  selectedId: string | undefined;
  userId: string | undefined;
  page: number;
  hasNext: boolean;
  pageSize: number;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
  onRetry: () => void;
}

/** One page of groups as cards, with the pager and the page size (the user's setting). */
export function GroupList({ groups, state, filtered, selectedId, userId, page, hasNext, pageSize, onPrevious, onNext, onPageSize, onRetry }: GroupListProps) {
  const { t } = useTranslation();
  if (state === 'pending') {
    return (
      <div className="grid place-items-center py-16 text-ink-faint">
        <Spinner />
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="rounded-2xl border border-line bg-surface p-6 text-center">
        <p className="text-ink-soft">{t('prompts.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {t('prompts.retry')}
        </Button>
      </div>
    );
  }
  const pageSizeOptions = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div className="flex flex-col gap-3">
      {groups && groups.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {groups.map((group) => (
            <li key={group.groupId}>
              <GroupCard group={group} selected={group.groupId === selectedId} mine={group.author === userId} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-line-strong px-5 py-8 text-center text-sm leading-relaxed text-ink-soft">{filtered ? t('prompts.noMatches') : t('prompts.empty')}</p>
      )}
      <div className="flex items-center justify-between gap-2 pt-1 text-sm text-ink-soft">
        <label className="flex items-center gap-2">
          {t('prompts.pageSize')}
          <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))} className={inputClasses(false, 'h-9! w-auto! rounded-lg! px-2! pr-7! text-sm!')}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={onPrevious} disabled={page === 0} aria-label={t('prompts.previous')}>
            <Chevron direction="left" />
          </Button>
          <span className="min-w-6 text-center tabular-nums">{page + 1}</span>
          <Button variant="ghost" size="sm" onClick={onNext} disabled={!hasNext} aria-label={t('prompts.next')}>
            <Chevron direction="right" />
          </Button>
        </div>
      </div>
    </div>
  );
}

function GroupCard({ group, selected, mine }: { group: PromptGroup; selected: boolean; mine: boolean }) {
  const { t } = useTranslation();
  const variables = promptVariables(group.productionPrompt.prompt).length;
  return (
    <Link
      to={`/prompts/${group.groupId}`}
      aria-current={selected ? 'page' : undefined}
      className={clsx(
        'block rounded-2xl border px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        selected ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:border-line-strong hover:bg-sunken',
      )}
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="truncate font-medium text-ink">{group.name}</span>
        {group.command ? <span className="shrink-0 font-mono text-xs text-accent-strong">/{group.command}</span> : null}
      </span>
      <span className="mt-0.5 line-clamp-2 text-sm text-ink-soft">{group.oneliner || group.productionPrompt.prompt}</span>
      <span className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-ink-faint">
        {group.category ? <Badge>{t(`prompts.categories.${group.category}`)}</Badge> : null}
        {variables > 0 ? <Badge>{t('prompts.variables.count', { count: variables })}</Badge> : null}
        {group.projectIds.length > 0 ? <Badge tone="accent">{mine ? t('prompts.shared') : t('prompts.sharedBy', { name: group.authorName })}</Badge> : null}
      </span>
    </Link>
  );
}

export function Badge({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'accent' }) {
  return <span className={clsx('rounded-full px-2 py-0.5 text-xs', tone === 'accent' ? 'bg-accent-soft text-accent-strong' : 'bg-sunken text-ink-soft')}>{children}</span>;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
      <path d={direction === 'left' ? 'm10 4-4 4 4 4' : 'm6 4 4 4-4 4'} />
    </svg>
  );
}
