import type { QueryClient } from '@tanstack/react-query';
import { agentsQuery } from './agent-queries.ts';
import { featureShown } from './permissions.ts';

/**
 * A route loader's ask for the agent list (/agents, and a chat's model menu), only where the page
 * would ask for it: the operator shows agents and the role may use them. The shell's preload is
 * already asking for the config and the role's table, so waiting for them asks for nothing more.
 * Apart from agent-queries.ts, which the public shared page reads and which so stays without the
 * permission checks.
 */
export async function prefetchAgentList(queryClient: QueryClient): Promise<void> {
  if (await featureShown(queryClient, 'agents', 'AGENTS')) await queryClient.prefetchQuery(agentsQuery);
}
