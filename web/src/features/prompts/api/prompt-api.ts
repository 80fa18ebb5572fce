import type { PromptGroup, RouteBody } from '@meld/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { promptKeys } from '@/lib/prompt-queries.ts';
import { showToast } from '@/lib/toast.ts';

export interface GroupFilters {
  name: string;
  category: string;
  pageSize: number;
  cursor: string | null;
}

export const groupListQuery = (filters: GroupFilters) =>
  queryOptions({
    queryKey: promptKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest('listPromptGroups', {
        query: { pageSize: filters.pageSize, ...(filters.name ? { name: filters.name } : {}), ...(filters.category ? { category: filters.category as PromptGroup['category'] & string } : {}), ...(filters.cursor ? { cursor: filters.cursor } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toastOnError: false },
  });

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: promptKeys.group(groupId),
    queryFn: ({ signal }) => apiRequest('getPromptGroup', { params: { groupId }, signal }),
    // The page shows its own "not found" state.
    meta: { toastOnError: false },
    retry: false,
  });

export const versionsQuery = (groupId: string) =>
  queryOptions({
    queryKey: promptKeys.versions(groupId),
    queryFn: ({ signal }) => apiRequest('listPrompts', { query: { groupId }, signal }),
    meta: { toastOnError: false },
    retry: false,
  });

/** The server's fixed categories; names come from i18n. */
export const categoriesQuery = queryOptions({
  queryKey: promptKeys.categories(),
  queryFn: ({ signal }) => apiRequest('listCategories', { signal }),
  staleTime: Infinity,
});

/** A refusal's own words when the server named the field; the generic text otherwise. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

/** After any change: the group's cache gets the server's answer, every list is read again. */
function useSettle() {
  const queryClient = useQueryClient();
  /** `group`: the server's answer; null when the group is gone; undefined when it did not change. */
  return (groupId: string, group?: PromptGroup | null) => {
    if (group) queryClient.setQueryData(promptKeys.group(groupId), group);
    else if (group === null) queryClient.removeQueries({ queryKey: promptKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: promptKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: promptKeys.usable() });
    void queryClient.invalidateQueries({ queryKey: promptKeys.versions(groupId) });
  };
}

export function useCreatePrompt() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: RouteBody<'createPrompt'>) => apiRequest('createPrompt', { body }),
    onSuccess: ({ group }) => settle(group.groupId, group),
  });
}

export function useUpdateGroup(groupId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: RouteBody<'updatePromptGroup'>) => apiRequest('updatePromptGroup', { params: { groupId }, body }),
    onSuccess: (group) => settle(groupId, group),
  });
}

export function useDeleteGroup(groupId: string) {
  const { t } = useTranslation();
  const settle = useSettle();
  return useMutation({
    mutationFn: () => apiRequest('deletePromptGroup', { params: { groupId } }),
    onSuccess: () => {
      settle(groupId, null);
      showToast({ message: t('prompts.deleted'), severity: 'success' });
    },
    onError: (error) => showToast({ message: errorMessage(error, t('errors.generic')), severity: 'error' }),
  });
}

/** Version actions: make production, labels, delete; each answers with what the group became. */
export function useVersionActions(groupId: string) {
  const { t } = useTranslation();
  const settle = useSettle();
  const onError = (error: unknown) => showToast({ message: errorMessage(error, t('errors.generic')), severity: 'error' });
  const makeProduction = useMutation({
    mutationFn: (promptId: string) => apiRequest('setProductionPrompt', { params: { promptId } }),
    onSuccess: (group) => {
      settle(groupId, group);
      showToast({ message: t('prompts.versions.madeProduction'), severity: 'success' });
    },
    onError,
  });
  const setLabels = useMutation({
    mutationFn: ({ promptId, labels }: { promptId: string; labels: string[] }) => apiRequest('updatePromptLabels', { params: { promptId }, body: { labels } }),
    onSuccess: () => settle(groupId),
    onError,
  });
  const remove = useMutation({
    mutationFn: (promptId: string) => apiRequest('deletePrompt', { params: { promptId } }),
    onSuccess: (answer) => {
      settle(groupId, answer.group);
      showToast({ message: t(answer.groupDeleted ? 'prompts.deleted' : 'prompts.versions.deleted'), severity: 'success' });
    },
    onError,
  });
  return { makeProduction, setLabels, remove };
}
