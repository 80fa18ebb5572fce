import { useSyncExternalStore } from 'react';
import { useFeatureShown } from '@/lib/permissions.ts';

/**
 * The temporary-chat switch on /c/new. Like LibreChat's, it stays on for the tab's next new chats
 * until turned off; a conversation is temporary for good once started (its `expiredAt`).
 */
let on = false;
const listeners = new Set<() => void>();

export const temporaryChatStore = {
  get: () => on,
  set(next: boolean): void {
    on = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The switch's state, and whether the next new chat starts temporary (off when not available). */
export function useTemporaryChat() {
  const value = useSyncExternalStore(temporaryChatStore.subscribe, temporaryChatStore.get, temporaryChatStore.get);
  // Offered when the operator shows it and the role may use it.
  const available = useFeatureShown('temporaryChat', 'TEMPORARY_CHAT');
  return { available, on: available && value, set: temporaryChatStore.set };
}
