import type { ChapterId, NarrativeVersion, NorthStarResponse } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { showToast } from '@/lib/toast.ts';

/** Spec 002 section 8: "Chapter updated" and "Goal status updated" last about 2 s. */
export const SHORT_TOAST_MS = 2000;

export const northStarKeys = {
  all: ['north-star'] as const,
  /** The latest version, the history's summaries and what a new version needs. */
  view: () => [...northStarKeys.all, 'view'] as const,
  version: (id: string) => [...northStarKeys.all, 'version', id] as const,
};

export function northStarQuery() {
  return queryOptions({
    queryKey: northStarKeys.view(),
    queryFn: ({ signal }) => apiRequest('getNorthStar', { signal }),
    // The screen shows its own error state with a retry.
    meta: { toastOnError: false },
  });
}

export function versionQuery(id: string | null) {
  return queryOptions({
    queryKey: northStarKeys.version(id ?? ''),
    queryFn: ({ signal }) => apiRequest('getNorthStarVersion', { params: { id: id! }, signal }),
    enabled: id !== null,
    meta: { toastOnError: false },
  });
}

/** A saved version replaces its copy in the view (when it is the latest) and in the version cache. */
function storeVersion(queryClient: QueryClient, version: NarrativeVersion) {
  queryClient.setQueryData(northStarKeys.version(version.id), version);
  queryClient.setQueryData<NorthStarResponse>(northStarKeys.view(), (data) => (data?.narrative?.id === version.id ? { ...data, narrative: version } : data));
}

export function useRegenerate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('regenerateNorthStar'),
    onSuccess: (view) => {
      queryClient.setQueryData(northStarKeys.view(), view);
      if (view.narrative) queryClient.setQueryData(northStarKeys.version(view.narrative.id), view.narrative);
      showToast({ message: t('northStar.toasts.regenerated'), severity: 'success' });
    },
    // The server says why (too little data, no coach, the coach failed, too many tries).
    onError: (error) => showToast({ message: isApiError(error) ? error.message : t('northStar.toasts.regenerateFailed'), severity: 'error' }),
  });
}

export function useEditChapter(versionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, content }: { chapterId: ChapterId; content: string }) => apiRequest('updateNorthStarChapter', { params: { id: versionId, chapterId }, body: { content } }),
    onSuccess: (version) => {
      storeVersion(queryClient, version);
      showToast({ message: t('northStar.toasts.chapterUpdated'), severity: 'success', duration: SHORT_TOAST_MS });
    },
    onError: () => showToast({ message: t('northStar.toasts.chapterFailed'), severity: 'error' }),
  });
}

/** The goal's completion flips at once; a refusal puts it back and says so. */
export function useToggleGoal(versionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goalId, completed }: { goalId: string; completed: boolean }) => apiRequest('updateNorthStarGoal', { params: { id: versionId, goalId }, body: { completed } }),
    onMutate: async ({ goalId, completed }) => {
      await queryClient.cancelQueries({ queryKey: northStarKeys.view() });
      const before = queryClient.getQueryData<NorthStarResponse>(northStarKeys.view());
      const narrative = before?.narrative;
      if (narrative?.id === versionId) {
        storeVersion(queryClient, { ...narrative, goals: narrative.goals.map((goal) => (goal.id === goalId ? { ...goal, completed } : goal)) });
      }
      return { before };
    },
    onSuccess: (version) => {
      storeVersion(queryClient, version);
      showToast({ message: t('northStar.toasts.goalUpdated'), severity: 'success', duration: SHORT_TOAST_MS });
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(northStarKeys.view(), context.before);
      showToast({ message: t('northStar.toasts.goalFailed'), severity: 'error' });
    },
  });
}
