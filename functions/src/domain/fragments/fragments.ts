import { detectFragmentType, ERROR_CODES, fragmentWordCount, type Fragment, type FragmentSource, type FragmentType, type updateFragmentBody, type WovenReflection } from '@meld/shared';
import type * as z from 'zod';
import type { FragmentListOptions, StoredFragment } from '../../store/fragment-store.ts';
import { DomainError } from '../errors.ts';
import { themeOf } from './themes.ts';

/** The storage fragments need; routes pass the store, tests fakes. */
export interface FragmentStore {
  getFragments(userId: string, ids: string[]): Promise<StoredFragment[]>;
  putWovenReflection(userId: string, reflection: WovenReflection): Promise<void>;
  putFragment(userId: string, fragment: StoredFragment): Promise<boolean>;
  getFragment(userId: string, id: string, consistent?: boolean): Promise<StoredFragment | undefined>;
  updateFragment(userId: string, id: string, change: (current: StoredFragment) => StoredFragment): Promise<StoredFragment | undefined>;
  deleteFragment(userId: string, id: string): Promise<StoredFragment | undefined>;
  claimFragmentRequest(userId: string, clientRequestId: string, fragmentId: string, now: Date): Promise<string | undefined>;
  listFragments(userId: string, options: FragmentListOptions): Promise<{ fragments: StoredFragment[]; nextCursor: string | null }>;
}

export interface FragmentDeps {
  store: FragmentStore;
  newId: () => string;
  now: Date;
}

/** The audio bucket, where voice notes keep their recordings. */
export interface FragmentAudio {
  delete(keys: string[]): Promise<void>;
}

export type UpdateFragmentBody = z.output<typeof updateFragmentBody>;

/** Another user's fragment is simply not found (ownership is in the key). */
export const fragmentNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Fragment not found.');

export function toFragment(stored: StoredFragment): Fragment {
  const { typeSetByUser: _typeSetByUser, audioKey: _audioKey, winId: _winId, ...fragment } = stored;
  return fragment;
}

/** What a capture says, whatever its channel: typed text, a web clip, a bookmark, a transcript. */
export interface NewFragment {
  content: string;
  type?: FragmentType | undefined;
  source: FragmentSource;
  tags?: string[] | undefined;
  sourceUrl?: string | undefined;
  clientRequestId?: string | undefined;
  /** A voice note's recording. */
  audioKey?: string | undefined;
}

/** A fragment's derived fields: word count, type (detected unless the member chose it) and theme. */
function derive(fragment: StoredFragment): StoredFragment {
  return {
    ...fragment,
    wordCount: fragmentWordCount(fragment.content),
    type: fragment.typeSetByUser ? fragment.type : detectFragmentType(fragment.content),
    clusterId: themeOf(fragment),
  };
}

/**
 * Saves a new fragment. With a clientRequestId the id is claimed first (decision 0001): a retry
 * answers with the first save, or finishes it when the first request died between claim and save.
 */
export async function createFragment(userId: string, input: NewFragment, deps: FragmentDeps): Promise<Fragment> {
  let id = deps.newId();
  if (input.clientRequestId) {
    const claimedFor = await deps.store.claimFragmentRequest(userId, input.clientRequestId, id, deps.now);
    if (claimedFor) {
      const first = await deps.store.getFragment(userId, claimedFor, true);
      if (first) return toFragment(first);
      id = claimedFor;
    }
  }
  const at = deps.now.toISOString();
  const fragment = derive({
    id,
    content: input.content.trim(),
    type: input.type ?? 'general',
    typeSetByUser: input.type !== undefined,
    timestamp: at,
    source: input.source,
    tags: [...new Set(input.tags ?? [])],
    isPinned: false,
    wordCount: 0,
    sourceUrl: input.sourceUrl ?? null,
    clusterId: null,
    updatedAt: at,
    ...(input.audioKey ? { audioKey: input.audioKey } : {}),
  });
  if (await deps.store.putFragment(userId, fragment)) return toFragment(fragment);
  // A concurrent retry of the same request saved it first.
  const saved = await deps.store.getFragment(userId, id, true);
  if (!saved) throw new Error(`Fragment ${id} was neither saved nor found`);
  return toFragment(saved);
}

export async function getFragment(userId: string, id: string, deps: Pick<FragmentDeps, 'store'>): Promise<Fragment> {
  const found = await deps.store.getFragment(userId, id);
  if (!found) throw fragmentNotFound();
  return toFragment(found);
}

/** Applies the sent fields; a new content recounts words and, unless the member chose the type, re-detects it. */
export function applyFragmentChange(current: StoredFragment, change: UpdateFragmentBody, now: Date): StoredFragment {
  const next: StoredFragment = {
    ...current,
    content: change.content ?? current.content,
    tags: change.tags ? [...new Set(change.tags)] : current.tags,
    isPinned: change.isPinned ?? current.isPinned,
    type: change.type ?? current.type,
    typeSetByUser: current.typeSetByUser || change.type !== undefined,
    updatedAt: now.toISOString(),
  };
  // Never go backwards in time: the write's condition compares updatedAt.
  if (next.updatedAt <= current.updatedAt) next.updatedAt = new Date(Date.parse(current.updatedAt) + 1).toISOString();
  return derive(next);
}

export async function updateFragment(userId: string, id: string, change: UpdateFragmentBody, deps: Pick<FragmentDeps, 'store' | 'now'>): Promise<Fragment> {
  const saved = await deps.store.updateFragment(userId, id, (current) => applyFragmentChange(current, change, deps.now));
  if (!saved) throw fragmentNotFound();
  return toFragment(saved);
}

export async function deleteFragment(userId: string, id: string, deps: Pick<FragmentDeps, 'store'> & { audio: FragmentAudio }): Promise<{ deleted: true }> {
  const deleted = await deps.store.deleteFragment(userId, id);
  if (!deleted) throw fragmentNotFound();
  if (deleted.audioKey) await deps.audio.delete([deleted.audioKey]);
  return { deleted: true };
}

/** The inbox: newest first, searched case-insensitively over content and tags, by type and theme. */
export async function listFragments(userId: string, query: FragmentListOptions, deps: Pick<FragmentDeps, 'store'>): Promise<{ fragments: Fragment[]; nextCursor: string | null }> {
  const page = await deps.store.listFragments(userId, query);
  return { fragments: page.fragments.map(toFragment), nextCursor: page.nextCursor };
}
