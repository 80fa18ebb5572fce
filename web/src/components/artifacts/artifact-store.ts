import { createContext, useContext, useSyncExternalStore } from 'react';

/** Which artifact the side panel shows: a message's nth artifact in one conversation. */
export interface ArtifactSelection {
  conversationId: string;
  messageId: string;
  index: number;
}

let selection: ArtifactSelection | null = null;
const listeners = new Set<() => void>();

function set(next: ArtifactSelection | null): void {
  selection = next;
  for (const listener of listeners) listener();
}

export const openArtifact = (next: ArtifactSelection) => set(next);
export const closeArtifact = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open artifact of this conversation, or null (another conversation's selection does not follow the user). */
export function useArtifactSelection(conversationId: string): ArtifactSelection | null {
  const current = useSyncExternalStore(subscribe, () => selection, () => null);
  return current?.conversationId === conversationId ? current : null;
}

/**
 * Set by a screen that has the side panel (the conversation view); artifact cards offer "Open"
 * only inside one. The public share page shows the cards with their code instead.
 */
export const ArtifactHostContext = createContext<{ conversationId: string } | null>(null);
export const useArtifactHost = () => useContext(ArtifactHostContext);
