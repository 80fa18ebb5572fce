import { local } from './storage.ts';

/**
 * Where the composer keeps unsent drafts on this device (the save-drafts setting): one entry per
 * member and conversation, so another member signing in on the same browser never sees them.
 */
const PREFIX = 'meld:draft:';

export const draftStorageKey = (userId: string, conversationId: string | null) => `${PREFIX}${userId}:${conversationId ?? 'new'}`;

/** Removes every saved draft on this device; a deliberate sign-out leaves nothing of what was typed. */
export function forgetDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) local.remove(key);
  } catch {
    // Storage unavailable: there is nothing saved to forget.
  }
}
