import type { Agent } from '@meld/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * Agents are read by the chat (the model menu, a conversation's starters) and the agent builder,
 * so their keys live here rather than in either feature.
 */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  tools: () => [...agentKeys.all, 'tools'] as const,
  actions: () => [...agentKeys.all, 'actions'] as const,
};

/** Spec 000 section 9: agents are stale after 5 seconds. */
export const AGENTS_STALE_MS = 5_000;

/** The user's own agents, newest change first, then those shared with everyone. */
export const agentsQuery = queryOptions({
  queryKey: agentKeys.list(),
  queryFn: ({ signal }) => apiRequest('listAgents', { query: {}, signal }).then((page) => page.agents),
  staleTime: AGENTS_STALE_MS,
});

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: ({ signal }) => apiRequest('getAgent', { params: { id }, signal }),
    staleTime: AGENTS_STALE_MS,
    // The builder shows its own "not found" state.
    meta: { toastOnError: false },
  });

/** The agent a conversation talks to, from the list when it is there (it usually is). */
export function findAgent(agents: readonly Agent[] | undefined, id: string | null | undefined): Agent | undefined {
  return id ? agents?.find((agent) => agent.id === id) : undefined;
}
