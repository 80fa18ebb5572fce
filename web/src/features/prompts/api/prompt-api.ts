import { DEFAULT_USER_SETTINGS, type PromptGroup, type RouteBody } from '@meld/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { ApiError } from '@/lib/api-error.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { featureShown } from '@/lib/permissions.ts';
import { promptKeys } from '@/lib/prompt-queries.ts';
import { showToast } from '@/lib/toast.ts';
import { userSettingsQuery } from '@/lib/user-settings.ts';

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

/** The list /prompts opens on: no search, every category, the first page, at the user's page size. */
const openingGroupList = (pageSize: number): GroupFilters => ({ name: '', category: '', pageSize, cursor: null });

/**
 * The route loader's ask: the opening list, only when the page would ask for it (usePromptsEnabled:
 * the operator shows prompts and the role may use them), at the page size the settings hold (the
 * defaults when they fail, as useUserSettings). The shell's preload is already asking for the
 * config, the role's table and the settings, so waiting for them asks for nothing more.
 */
export async function prefetchOpeningGroupList(queryClient: QueryClient): Promise<void> {
  const [shown, settings] = await Promise.all([featureShown(queryClient, 'prompts', 'PROMPTS'), queryClient.ensureQueryData(userSettingsQuery).catch(() => DEFAULT_USER_SETTINGS)]);
  if (shown) await queryClient.prefetchQuery(groupListQuery(openingGroupList(settings.promptsPageSize)));
}

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
