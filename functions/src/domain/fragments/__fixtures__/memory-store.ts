import type { WovenReflection } from '@meld/shared';
import type { StoredFragment } from '../../../store/fragment-store.ts';
import type { FragmentAudio, FragmentDeps, FragmentStore } from '../fragments.ts';

/** An in-memory fragment store keyed by user and id, with the table's claim and conditional-insert rules. */
export function memoryFragments(now = new Date('2026-11-22T10:00:00Z')) {
  const items = new Map<string, StoredFragment>();
  const claims = new Map<string, string>();
  const woven: { userId: string; reflection: WovenReflection }[] = [];
  const key = (userId: string, id: string) => `${userId}/${id}`;
  let ids = 0;
  const store: FragmentStore = {
    putFragment: async (userId, fragment) => {
      if (items.has(key(userId, fragment.id))) return false;
      items.set(key(userId, fragment.id), fragment);
      return true;
    },
    getFragment: async (userId, id) => items.get(key(userId, id)),
    getFragments: async (userId, list) => list.flatMap((id) => items.get(key(userId, id)) ?? []),
    updateFragment: async (userId, id, change) => {
      const current = items.get(key(userId, id));
      if (!current) return undefined;
      const next = change(current);
      items.set(key(userId, id), next);
      return next;
    },
    deleteFragment: async (userId, id) => {
      const current = items.get(key(userId, id));
      items.delete(key(userId, id));
      return current;
    },
    claimFragmentRequest: async (userId, requestId, id) => {
      const claimed = claims.get(key(userId, requestId));
      if (claimed) return claimed;
      claims.set(key(userId, requestId), id);
      return undefined;
    },
    listFragments: async () => {
      throw new Error('Listing is the table query, tested over HTTP');
    },
    putWovenReflection: async (userId, reflection) => {
      woven.push({ userId, reflection });
    },
  };
  const deletedAudio: string[] = [];
  const deps: FragmentDeps & { audio: FragmentAudio } = { store, audio: { delete: async (list) => void deletedAudio.push(...list) }, newId: () => `id-${++ids}`, now };
  return { deps, items, woven, deletedAudio };
}
