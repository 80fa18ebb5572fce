import { useMemo } from 'react';
import type { AgentNames } from '@/components/messages/agent-names.tsx';
import type { ModelChoiceState } from './use-model-choice.ts';

/** What a reply's agent updates read: the conversation's agent, and the names of the agents on offer. */
export function useAgentNames(models: ModelChoiceState): AgentNames {
  const current = models.choice?.agentId ?? null;
  const { agents } = models;
  return useMemo(() => ({ current, nameOf: (id: string) => agents.find((agent) => agent.id === id)?.name ?? null }), [current, agents]);
}
