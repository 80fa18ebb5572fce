import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { useInterfaceToggle, usePermission } from './permissions.ts';

/**
 * The prompt library is read by the chat (the slash command) and the prompts page, so its keys
 * live here rather than in either feature.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  usable: () => [...promptKeys.all, 'usable'] as const,
  lists: () => [...promptKeys.all, 'list'] as const,
  list: (filters: { name: string; category: string; pageSize: number; cursor: string | null }) => [...promptKeys.lists(), filters] as const,
  group: (groupId: string) => [...promptKeys.all, 'group', groupId] as const,
  versions: (groupId: string) => [...promptKeys.all, 'versions', groupId] as const,
  categories: () => [...promptKeys.all, 'categories'] as const,
};

/** Every group the user may insert: their own and those shared with everyone. */
export const usablePromptsQuery = queryOptions({
  queryKey: promptKeys.usable(),
  queryFn: ({ signal }) => apiRequest('listAllPromptGroups', { signal }),
  staleTime: 30_000,
});

/** The prompt library shows only when the operator keeps it on and the role may use it. */
export function usePromptsEnabled(): boolean {
  const shown = useInterfaceToggle('prompts');
  const allowed = usePermission('PROMPTS', 'USE');
  return shown && allowed;
}

export function useUsablePrompts(enabled: boolean) {
  return useQuery({ ...usablePromptsQuery, enabled });
}

/** Counts a use of a group (the slash command inserted it); lists read it again for the new count. */
export function useRecordPromptUse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => apiRequest('recordPromptUse', { params: { groupId } }),
    onSuccess: (group) => {
      queryClient.setQueryData(promptKeys.group(group.groupId), group);
      void queryClient.invalidateQueries({ queryKey: promptKeys.lists() });
    },
  });
}
