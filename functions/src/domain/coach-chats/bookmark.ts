import { FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import type { NewFragment } from '../fragments/fragments.ts';
import { syncHighlight } from './highlights.ts';
import { ownMessage, toCoachMessage, type CoachThreadDeps } from './threads.ts';

/** The tag a bookmarked coach message carries as a fragment. */
export const BOOKMARK_TAG = 'coach';

export interface BookmarkDeps extends CoachThreadDeps {
  getFragment(userId: string, fragmentId: string): Promise<Fragment | undefined>;
  createFragment(userId: string, input: NewFragment): Promise<Fragment>;
}

/**
 * Saves a message as a fragment (source manual, tagged "coach"). Bookmarking again answers with the
 * same fragment while it exists, so a double click makes one fragment.
 */
export async function bookmarkMessage(userId: string, threadId: string, messageId: string, now: Date, deps: BookmarkDeps) {
  const message = await ownMessage(userId, threadId, messageId, deps);
  const states = await deps.listCoachMessageStates(userId, threadId);
  const state = states.find((candidate) => candidate.messageId === messageId);
  const existing = state?.bookmarkedFragmentId ? await deps.getFragment(userId, state.bookmarkedFragmentId) : undefined;
  if (existing && state) return { message: toCoachMessage(message, await syncHighlight(userId, threadId, message, state, now, deps)), fragment: existing };
  const fragment = await deps.createFragment(userId, { content: message.text.slice(0, FRAGMENT_LIMITS.contentMax), source: 'manual', tags: [BOOKMARK_TAG] });
  const saved = await deps.updateCoachMessageState(userId, threadId, { messageId, bookmarkedFragmentId: fragment.id });
  return { message: toCoachMessage(message, await syncHighlight(userId, threadId, message, saved, now, deps)), fragment };
}
