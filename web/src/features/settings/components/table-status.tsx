import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface TableStatusProps {
  loading: boolean;
  empty: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** What sits under a settings table: a spinner on first load, "nothing found", or "show more". */
export function TableStatus({ loading, empty, hasMore, loadingMore, onLoadMore }: TableStatusProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="grid place-items-center py-10 text-xl text-accent">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (empty) return <p className="py-10 text-center text-sm text-ink-faint">{t('settings.nothingFound')}</p>;
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-3">
      <Button variant="ghost" size="sm" onClick={onLoadMore} loading={loadingMore}>
        {t('settings.loadMore')}
      </Button>
    </div>
  );
}
