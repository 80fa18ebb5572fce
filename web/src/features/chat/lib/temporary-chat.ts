import { useEffect, useSyncExternalStore } from 'react';
import { useFeatureShown } from '@/lib/permissions.ts';
import { local } from '@/lib/storage.ts';
import { useUserSettings, useUserSettingsKnown } from '@/lib/user-settings.ts';
import { useSession } from '@/lib/use-session.ts';

/**
 * The temporary-chat switch on /c/new, the new chat's one badge: each new chat starts with it off
 * unless "save badges state" keeps it (see useNewChatBadges); a conversation is temporary for good
 * once started (its `expiredAt`).
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

/** Where "save badges state" keeps the new chat's switches for this member on this device. */
const badgesKey = (userId: string) => `meld.badges.${userId}`;
type SavedBadges = { temporaryChat?: boolean };

function readSaved(userId: string): SavedBadges {
  try {
    return (JSON.parse(local.get(badgesKey(userId)) ?? '{}') as SavedBadges | null) ?? {};
  } catch {
    return {};
  }
}

/**
 * The new chat's badges (its switches; here the temporary-chat one) as each new chat opens: with
 * "save badges state" on, as the member last left them, even after a reload; otherwise back to off.
 * Returns the setter that also remembers the choice when saving is on.
 */
export function useNewChatBadges(): (next: boolean) => void {
  const { saveBadgesState } = useUserSettings();
  const known = useUserSettingsKnown();
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    if (!known) return;
    temporaryChatStore.set(saveBadgesState && userId ? readSaved(userId).temporaryChat === true : false);
  }, [known, saveBadgesState, userId]);
  return (next) => {
    temporaryChatStore.set(next);
    if (saveBadgesState && userId) local.set(badgesKey(userId), JSON.stringify({ temporaryChat: next } satisfies SavedBadges));
  };
}

/** The switch's state, and whether the next new chat starts temporary (off when not available). */
export function useTemporaryChat() {
  const value = useSyncExternalStore(temporaryChatStore.subscribe, temporaryChatStore.get, temporaryChatStore.get);
  // Offered when the operator shows it and the role may use it.
  const available = useFeatureShown('temporaryChat', 'TEMPORARY_CHAT');
  return { available, on: available && value, set: temporaryChatStore.set };
}
