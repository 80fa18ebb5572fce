import type { RouteResponse, ThemeCluster } from '@meld/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { FragmentsError } from './fragments-states.tsx';
import { ThemesView } from './themes-view.tsx';

export function ThemesPanel({ query, onOpen }: { query: UseQueryResult<RouteResponse<'listThemes'>>; onOpen: (theme: ThemeCluster) => void }) {
  const { t } = useTranslation();
  return (
    <div id="fragments-panel-themes" role="tabpanel" aria-labelledby="fragments-tab-themes">
      {query.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner label={t('loading')} />
        </div>
      ) : query.isError ? (
        <FragmentsError message={t('fragments.themes.error')} onRetry={() => void query.refetch()} />
      ) : (
        <ThemesView themes={query.data.themes} onOpen={onOpen} />
      )}
    </div>
  );
}
