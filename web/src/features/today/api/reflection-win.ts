import type { RouteResponse } from '@meld/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';
import { todayKeys } from './today-queries.ts';

type WinsView = RouteResponse<'listWins'>;

/** Long enough to reach the toast's "Open Wins Vault" link. */
const SAVED_TOAST_MS = 6000;

/**
 * The day's reflection as a Wins Vault tile. Whether it is already saved is read from the vault
 * itself (a win whose original content is the reflection), so it holds after a reload.
 */
export function useReflectionWin(reflection: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wins = useQuery({
    queryKey: todayKeys.wins(),
    queryFn: ({ signal }) => apiRequest('listWins', { signal }),
    // Without the list the button simply stays available; the Today screen has nothing to show.
    meta: { toastOnError: false },
  });
  const create = useMutation({
    // Saved now, at the time the member saves it: the server files it under their today.
    mutationFn: (title: string) =>
      apiRequest('createWin', {
        body: { title, description: reflection, source: 'log', originalContent: reflection, achievedAt: new Date().toISOString() },
      }),
    onSuccess: (win) => {
      queryClient.setQueryData<WinsView>(todayKeys.wins(), (view) => (view ? { ...view, wins: [win, ...view.wins] } : view));
      showToast({
        message: t('today.win.saved'),
        severity: 'success',
        duration: SAVED_TOAST_MS,
        action: { label: t('today.win.open'), onSelect: () => void navigate('/library/wins-vault') },
      });
    },
    onError: (error) => showToast({ message: error.message || t('today.win.saveFailed'), severity: 'error' }),
  });
  const saved = create.isSuccess || Boolean(wins.data?.wins.some((win) => win.originalContent === reflection));
  return { saved, checking: wins.isPending, saving: create.isPending, save: (title: string, onSaved: () => void) => create.mutate(title, { onSuccess: onSaved }) };
}
