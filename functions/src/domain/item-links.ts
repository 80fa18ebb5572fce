/**
 * Where each of a member's records opens in the web app: one definition for every screen that links
 * to a record (the Log's "Open source", the North-Star's data sources), so a link always lands on
 * the page that reads it (the day's Today page, the fragments page's `id`/`select`, the vault's `win`,
 * the coach page's `thread`).
 */
export const itemLinks = {
  day: (date: string) => `/today?date=${date}`,
  fragment: (id: string) => `/fragments?id=${encodeURIComponent(id)}`,
  /** A woven reflection has no page of its own: it opens on the fragments it was woven from. */
  woven: (fragmentIds: readonly string[]) => `/fragments?select=${fragmentIds.map(encodeURIComponent).join(',')}`,
  win: (id: string) => `/library/wins-vault?win=${encodeURIComponent(id)}`,
  coachThread: (threadId: string) => `/chats?thread=${encodeURIComponent(threadId)}`,
};
