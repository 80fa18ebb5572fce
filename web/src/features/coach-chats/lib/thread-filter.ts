import type { CoachThread } from '@meld/shared';

/** Case-insensitive search over a thread's title, last message and chips. */
export function filterThreads(threads: readonly CoachThread[], search: string): CoachThread[] {
  const query = search.trim().toLowerCase();
  if (!query) return [...threads];
  return threads.filter((thread) => [thread.title, thread.lastMessage ?? '', ...thread.contextChips.map((chip) => chip.label)].some((text) => text.toLowerCase().includes(query)));
}

/** True while the thread is muted at `now`. */
export function isMuted(thread: Pick<CoachThread, 'mutedUntil'>, now: Date = new Date()): boolean {
  return thread.mutedUntil !== null && Date.parse(thread.mutedUntil) > now.getTime();
}
