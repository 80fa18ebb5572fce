import { randomUUID } from 'node:crypto';
import type { BookmarkDeps } from '../../domain/coach-chats/bookmark.ts';
import type { CoachContextDeps } from '../../domain/coach-chats/coach-context.ts';
import { createFragment, toFragment } from '../../domain/fragments/fragments.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import * as coachStore from '../../store/coach-chat-store.ts';
import { deleteConversationItem, getConversations } from '../../store/conversation-store.ts';
import * as fragmentStore from '../../store/fragment-store.ts';
import { interactionsBetween } from '../../store/interaction-store.ts';
import { getMessage, readMessageNodes, readMessagesByIds, readMessagesFrom } from '../../store/message-store.ts';
import { latestVersions } from '../../store/north-star-store.ts';
import { listWins } from '../../store/win-store.ts';

/** The stores behind the coach-chat routes; bookmarks save fragments through the fragments' domain. */
export function coachDeps(now: Date): BookmarkDeps {
  return {
    ...coachStore,
    getConversations,
    readMessagesFrom,
    readMessageNodes,
    readMessagesByIds,
    getMessage,
    enqueueJobs: (jobs) => enqueueJobs(jobs),
    deleteConversationItem,
    getFragments: fragmentStore.getFragments,
    getFragment: async (userId, fragmentId) => {
      const stored = await fragmentStore.getFragment(userId, fragmentId);
      return stored && toFragment(stored);
    },
    createFragment: (userId, input) => createFragment(userId, input, { store: fragmentStore, newId: randomUUID, now }),
    newId: randomUUID,
  };
}

export const coachContextDeps: CoachContextDeps = {
  interactionsBetween,
  listWins,
  getFragments: fragmentStore.getFragments,
  recentFragments: async (userId, limit) => (await fragmentStore.listFragments(userId, { limit })).fragments,
  narrativeGoals: async (userId) => (await latestVersions(userId, 1))[0]?.goals ?? [],
};
