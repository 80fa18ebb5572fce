import type { Message } from '@meld/shared';

const byCreation = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt);

/**
 * Messages from another page merged into the list, by id, oldest first (ties keep their order, as
 * the unpaged list came). A page may repeat a message (the branch comes first, then everything):
 * the copy with the later `updatedAt` stays, the arriving one on a tie, so an edit saved while
 * older pages were still loading is not undone by them.
 */
export function mergeMessages(current: readonly Message[] | undefined, page: readonly Message[]): Message[] {
  const byId = new Map((current ?? []).map((message) => [message.messageId, message]));
  for (const message of page) {
    const held = byId.get(message.messageId);
    if (!held || held.updatedAt <= message.updatedAt) byId.set(message.messageId, message);
  }
  return [...byId.values()].sort(byCreation);
}
