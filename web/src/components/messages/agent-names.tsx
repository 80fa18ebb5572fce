import { createContext, useContext, type ReactNode } from 'react';

/**
 * Who an `agent_update` part names. A chat with an agent provides its agent and the names it
 * knows, so a hand-over to another agent reads by name and the conversation's own agent is not
 * announced at all; without a provider (a shared page) updates show as a plain note.
 */
export interface AgentNames {
  /** The agent the conversation talks to. */
  current: string | null;
  nameOf: (agentId: string) => string | null;
}

const AgentNamesContext = createContext<AgentNames | null>(null);

export function AgentNamesProvider({ value, children }: { value: AgentNames; children: ReactNode }) {
  return <AgentNamesContext.Provider value={value}>{children}</AgentNamesContext.Provider>;
}

export function useAgentNames(): AgentNames | null {
  return useContext(AgentNamesContext);
}
