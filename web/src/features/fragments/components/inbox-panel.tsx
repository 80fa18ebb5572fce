import type { Fragment, RouteResponse, ThemeCluster } from '@meld/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { FragmentList } from './fragment-list.tsx';
import { FragmentsEmpty, FragmentsError, FragmentsNoMatch, FragmentsSkeleton } from './fragments-states.tsx';
import { SelectionBar } from './selection-bar.tsx';

interface InboxPanelProps {
  list: UseInfiniteQueryResult<InfiniteData<RouteResponse<'listFragments'>>>;
  fragments: readonly Fragment[];
  searching: boolean;
  theme: ThemeCluster | null;
  selectedIds: ReadonlySet<string>;
  previewId: string | null;
  onBackToThemes: () => void;
  onClearSearch: () => void;
  onCapture: () => void;
  onPreview: (id: string) => void;
  onToggleSelect: (id: string) => void;
  onWeave: () => void;
  onClearSelection: () => void;
}

/** The inbox: the skeleton only while the first answer is on its way, then the rows or the right empty state. */
export function InboxPanel({ list, fragments, searching, theme, selectedIds, previewId, onBackToThemes, onClearSearch, onCapture, onPreview, onToggleSelect, onWeave, onClearSelection }: InboxPanelProps) {
  const { t } = useTranslation();

  let content;
  if (list.isPending) content = <FragmentsSkeleton />;
  else if (list.isError && !list.data) content = <FragmentsError message={t('fragments.states.error')} onRetry={() => void list.refetch()} />;
  else if (fragments.length > 0) content = <FragmentList fragments={fragments} selectedIds={selectedIds} previewId={previewId} onPreview={onPreview} onToggleSelect={onToggleSelect} />;
  else if (searching || theme) content = <FragmentsNoMatch onClear={searching ? onClearSearch : undefined} />;
  else content = <FragmentsEmpty onCapture={onCapture} />;

  return (
    <div id="fragments-panel-inbox" role="tabpanel" aria-labelledby="fragments-tab-inbox" aria-busy={list.isFetching || undefined}>
      {theme ? (
        <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Button variant="quiet" size="sm" onClick={onBackToThemes}>
            ← {t('fragments.themes.back')}
          </Button>
          <h2 className="font-serif text-xl font-semibold text-ink">{t('fragments.themes.showing', { label: theme.label })}</h2>
        </div>
      ) : null}
      {selectedIds.size > 0 ? <SelectionBar count={selectedIds.size} onWeave={onWeave} onClear={onClearSelection} /> : null}
      {content}
      {list.hasNextPage && fragments.length > 0 ? (
        <div className="mt-4 text-center">
          <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('fragments.list.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
