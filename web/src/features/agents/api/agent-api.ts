import type { Action, Agent, CreateAgentBody, SaveActionBody, UpdateAgentBody } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { agentKeys, AGENTS_STALE_MS } from '@/lib/agent-queries.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';

/** The tools an agent may be given: the code runner, file search and installed plugins. */
export const agentToolsQuery = queryOptions({
  queryKey: agentKeys.tools(),
  queryFn: ({ signal }) => apiRequest('listAgentTools', { signal }),
  staleTime: 5 * 60_000,
});

/** Every action of the user's agents; the builder shows the open agent's. */
export const agentActionsQuery = queryOptions({
  queryKey: agentKeys.actions(),
  queryFn: ({ signal }) => apiRequest('listAgentActions', { signal }),
  staleTime: AGENTS_STALE_MS,
});

/** A saved agent replaces its entry in the list and its detail, so the list and chat menu follow at once. */
function remember(queryClient: QueryClient, agent: Agent): void {
  queryClient.setQueryData(agentKeys.detail(agent.id), agent);
  queryClient.setQueryData<Agent[]>(agentKeys.list(), (list) => (list ? (list.some((item) => item.id === agent.id) ? list.map((item) => (item.id === agent.id ? agent : item)) : [agent, ...list]) : list));
  void queryClient.invalidateQueries({ queryKey: agentKeys.list() });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentBody) => apiRequest('createAgent', { body }),
    onSuccess: (agent) => remember(queryClient, agent),
  });
}

export function useUpdateAgent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgentBody) => apiRequest('updateAgent', { params: { id }, body }),
    onSuccess: (agent) => remember(queryClient, agent),
  });
}

export function useDuplicateAgent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('duplicateAgent', { params: { id } }),
    onSuccess: (agent) => {
      remember(queryClient, agent);
      void queryClient.invalidateQueries({ queryKey: agentKeys.actions() });
    },
    onError: () => showToast({ message: t('agents.duplicateFailed'), severity: 'error' }),
  });
}

export function useDeleteAgent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteAgent', { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Agent[]>(agentKeys.list(), (list) => list?.filter((agent) => agent.id !== id));
      queryClient.removeQueries({ queryKey: agentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
    onError: () => showToast({ message: t('agents.deleteFailed'), severity: 'error' }),
  });
}

/** The picture goes as multipart `file`; the answer is the agent with its new avatar URL. */
export function useUploadAgentAvatar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest('uploadAgentAvatar', { params: { id }, form });
    },
    onSuccess: (agent) => remember(queryClient, agent),
  });
}

export function useSaveAction(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveActionBody) => apiRequest('saveAgentAction', { params: { agentId }, body }),
    onSuccess: ({ agent, action }) => {
      remember(queryClient, agent);
      queryClient.setQueryData<Action[]>(agentKeys.actions(), (list) => (list ? [...list.filter((item) => item.action_id !== action.action_id), action] : list));
      void queryClient.invalidateQueries({ queryKey: agentKeys.actions() });
    },
  });
}

export function useDeleteAction(agentId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => apiRequest('deleteAgentAction', { params: { agentId, actionId } }),
    onSuccess: (agent, actionId) => {
      remember(queryClient, agent);
      queryClient.setQueryData<Action[]>(agentKeys.actions(), (list) => list?.filter((item) => item.action_id !== actionId));
    },
    onError: () => showToast({ message: t('agents.actions.deleteFailed'), severity: 'error' }),
  });
}
