import { WIN_LIMITS, type WovenReflection, type WinTile } from '@meld/shared';
import { createWin, toTile, type WinDeps } from '../wins/wins.ts';
import { fragmentNotFound, type FragmentStore } from './fragments.ts';

export interface WeaveDeps {
  store: Pick<FragmentStore, 'getFragments' | 'putWovenReflection'>;
  newId: () => string;
  now: Date;
}

export interface WeaveInput {
  fragmentIds: string[];
  title: string;
  body: string;
}

/**
 * Merge/Weave: saves a reflection made of the member's own fragments (any other id is a 404, as if
 * it did not exist). The fragments stay in the inbox; the reflection names them, in the order chosen.
 */
export async function weaveFragments(userId: string, input: WeaveInput, deps: WeaveDeps): Promise<WovenReflection> {
  const fragmentIds = [...new Set(input.fragmentIds)];
  const found = new Set((await deps.store.getFragments(userId, fragmentIds)).map((fragment) => fragment.id));
  if (fragmentIds.some((id) => !found.has(id))) throw fragmentNotFound();
  const reflection: WovenReflection = { id: deps.newId(), title: input.title, body: input.body, fragmentIds, createdAt: deps.now.toISOString() };
  await deps.store.putWovenReflection(userId, reflection);
  return reflection;
}

/** A win's title is at most 200 characters: a longer fragment is cut at a word, and kept whole as the description. */
function winText(content: string): { title: string; description: string } {
  if (content.length <= WIN_LIMITS.titleMax) return { title: content, description: '' };
  const cut = content.slice(0, WIN_LIMITS.titleMax - 1);
  const atWord = cut.lastIndexOf(' ');
  return { title: `${(atWord > WIN_LIMITS.titleMax / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`, description: content.slice(0, WIN_LIMITS.descriptionMax) };
}

/**
 * Pin to Wins Vault: a new win from the fragment (source `fragment`, its text as the original
 * content), made by the wins domain. The fragment remembers its win, so pinning it again (a double
 * click, a second device) answers that win while it exists instead of making a second one.
 */
export async function pinFragmentToWins(
  userId: string,
  fragmentId: string,
  deps: { fragments: Pick<FragmentStore, 'getFragment' | 'updateFragment'>; wins: WinDeps },
): Promise<WinTile> {
  const fragment = await deps.fragments.getFragment(userId, fragmentId);
  if (!fragment) throw fragmentNotFound();
  const earlier = fragment.winId ? await deps.wins.store.getWin(userId, fragment.winId) : undefined;
  if (earlier) return toTile(earlier);
  const win = await createWin(
    userId,
    { ...winText(fragment.content), source: 'fragment', originalContent: fragment.content, tags: fragment.tags.slice(0, WIN_LIMITS.tagsMax - 1) },
    deps.wins,
  );
  await deps.fragments.updateFragment(userId, fragmentId, (current) => ({ ...current, winId: win.id }));
  return win;
}
