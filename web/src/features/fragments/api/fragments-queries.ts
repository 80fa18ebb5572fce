import type { CreateFragmentBody, Fragment, RouteResponse } from '@meld/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';

/** Success toasts of spec 002 section 8 last about 2 s. */
export const TOAST_MS = 2000;

type FragmentPage = RouteResponse<'listFragments'>;
type FragmentPages = InfiniteData<FragmentPage, string | undefined>;
/** One page of the inbox; older fragments come with Load more. */
export const FRAGMENT_PAGE_SIZE = 50;
export interface FragmentFilter {
  q: string;
  clusterId: string | null;
}

export const fragmentKeys = {
  all: ['fragments'] as const,
  lists: () => [...fragmentKeys.all, 'list'] as const,
  list: (filter: FragmentFilter) => [...fragmentKeys.lists(), filter] as const,
  themes: () => [...fragmentKeys.all, 'themes'] as const,
  detail: (id: string) => [...fragmentKeys.all, 'detail', id] as const,
  /** The chats page caches the same list under this key; sharing it saves a second read. */
  coachThreads: () => ['coach-chats', 'threads'] as const,
};

export function fragmentsQuery(filter: FragmentFilter) {
  return infiniteQueryOptions({
    queryKey: fragmentKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listFragments', {
        signal,
        query: { q: filter.q || undefined, clusterId: filter.clusterId ?? undefined, cursor: pageParam, limit: FRAGMENT_PAGE_SIZE },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A new search keeps the old rows on screen until its answer comes: no skeleton flash per keystroke.
    placeholderData: keepPreviousData,
    meta: { toastOnError: false },
  });
}

/** Every cached inbox page, changed by `change` (a pin, an edit, a deletion). */
function updateLists(queryClient: QueryClient, change: (fragments: Fragment[]) => Fragment[]) {
  queryClient.setQueriesData<FragmentPages>({ queryKey: fragmentKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, fragments: change(page.fragments) })) } : data,
  );
}

/** One fragment by id: a link may open one that is not in the loaded page. A 404 is the caller's to explain. */
export function fragmentQuery(id: string) {
  return queryOptions({ queryKey: fragmentKeys.detail(id), queryFn: ({ signal }) => apiRequest('getFragment', { signal, params: { id } }), meta: { toastOnError: false }, retry: false });
}

export function themesQuery() {
  return queryOptions({ queryKey: fragmentKeys.themes(), queryFn: ({ signal }) => apiRequest('listThemes', { signal }), meta: { toastOnError: false } });
}

/** The member's coach threads, for Add to Chat's choices; the menu offers New Chat alone when they cannot be read. */
export function coachThreadsQuery() {
  return queryOptions({ queryKey: fragmentKeys.coachThreads(), queryFn: ({ signal }) => apiRequest('listCoachThreads', { signal }), meta: { toastOnError: false }, retry: false });
}

/** Swaps one fragment in every cached list and its own entry (a pin, a new type or tags). */
function replaceEverywhere(queryClient: QueryClient, fragment: Fragment) {
  updateLists(queryClient, (fragments) => fragments.map((item) => (item.id === fragment.id ? fragment : item)));
  if (queryClient.getQueryData(fragmentKeys.detail(fragment.id))) queryClient.setQueryData(fragmentKeys.detail(fragment.id), fragment);
}

function refreshAll(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: fragmentKeys.all, exact: false });
}

export function useCreateFragment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateFragmentBody> & { content: string }) => apiRequest('createFragment', { body }),
    onSuccess: () => showToast({ message: t('fragments.toasts.captured'), severity: 'success', duration: TOAST_MS }),
    onError: () => showToast({ message: t('fragments.toasts.captureFailed'), severity: 'error' }),
    onSettled: () => refreshAll(queryClient),
  });
}

/** A recorded note: multipart `audio` and `duration_ms`; the server's message (e.g. transcription not set up) is shown by the dialog. */
export function useCreateVoiceFragment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ audio, durationMs }: { audio: Blob; durationMs: number }) => {
      const form = new FormData();
      form.append('audio', audio, audio.type.includes('mp4') ? 'note.mp4' : 'note.webm');
      form.append('duration_ms', String(Math.round(durationMs)));
      return apiRequest('createVoiceFragment', { form });
    },
    onSuccess: () => {
      showToast({ message: t('fragments.toasts.captured'), severity: 'success', duration: TOAST_MS });
      void refreshAll(queryClient);
    },
  });
}

export function useUpdateFragment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { type?: Fragment['type']; tags?: string[] } }) =>
      apiRequest('updateFragment', { params: { id }, body: change }),
    onSuccess: (fragment) => {
      replaceEverywhere(queryClient, fragment);
      showToast({ message: t('fragments.toasts.updated'), severity: 'success', duration: TOAST_MS });
    },
    onError: () => showToast({ message: t('fragments.toasts.updateFailed'), severity: 'error' }),
    onSettled: () => refreshAll(queryClient),
  });
}

/** The pin flips at once; a refusal puts it back and says so. */
export function usePinFragment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => apiRequest('updateFragment', { params: { id }, body: { isPinned: pinned } }),
    onMutate: async ({ id, pinned }) => {
      await queryClient.cancelQueries({ queryKey: fragmentKeys.lists() });
      const previous = queryClient.getQueriesData<FragmentPages>({ queryKey: fragmentKeys.lists() });
      updateLists(queryClient, (fragments) => fragments.map((item) => (item.id === id ? { ...item, isPinned: pinned } : item)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      showToast({ message: t('fragments.toasts.pinFailed'), severity: 'error' });
    },
    onSuccess: (fragment) => {
      replaceEverywhere(queryClient, fragment);
      showToast({ message: t(fragment.isPinned ? 'fragments.toasts.pinned' : 'fragments.toasts.unpinned'), severity: 'success', duration: TOAST_MS });
    },
  });
}

export function useDeleteFragment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteFragment', { params: { id } }),
    onSuccess: (_result, id) => {
      updateLists(queryClient, (fragments) => fragments.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: fragmentKeys.detail(id) });
      showToast({ message: t('fragments.toasts.deleted'), severity: 'success', duration: TOAST_MS });
    },
    onError: () => showToast({ message: t('fragments.toasts.deleteFailed'), severity: 'error' }),
    onSettled: () => refreshAll(queryClient),
  });
}

export function useWeaveFragments() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fragmentIds: string[]; title: string; body: string }) => apiRequest('weaveFragments', { body }),
    onSuccess: () => {
      showToast({ message: t('fragments.toasts.woven'), severity: 'success', duration: TOAST_MS });
      // The log shows woven reflections; whatever it caches is stale now.
      void queryClient.invalidateQueries({ queryKey: ['log'] });
    },
    onError: () => showToast({ message: t('fragments.toasts.weaveFailed'), severity: 'error' }),
  });
}

export function usePinToWins() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('pinFragmentToWins', { params: { id } }),
    onSuccess: () => {
      showToast({
        message: t('fragments.toasts.pinnedToWins'),
        severity: 'success',
        // Long enough to reach its link (spec toasts run 1.5-3 s).
        duration: 3000,
        action: { label: t('fragments.toasts.openVault'), onSelect: () => void navigate('/library/wins-vault') },
      });
      void queryClient.invalidateQueries({ queryKey: ['wins'] });
    },
    onError: () => showToast({ message: t('fragments.toasts.pinToWinsFailed'), severity: 'error' }),
  });
}
