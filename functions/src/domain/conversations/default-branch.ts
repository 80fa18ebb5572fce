import { NO_PARENT, type Message } from '@meld/shared';

/** What picking the branch needs of a message: a few bytes, read for every message of a conversation. */
export type MessageNode = Pick<Message, 'messageId' | 'parentMessageId' | 'createdAt'>;

/**
 * The branch a member sees on opening a conversation, root first: from the roots down, the newest
 * sibling at each level (ties: the later in `nodes`), as the web's message tree picks it with no
 * choice made. A message whose parent is missing counts as a root, and a parent loop ends the walk.
 */
export function defaultBranch(nodes: readonly MessageNode[]): string[] {
  const ids = new Set(nodes.map((node) => node.messageId));
  const newest = new Map<string, MessageNode>();
  for (const node of nodes) {
    const key = node.parentMessageId !== NO_PARENT && ids.has(node.parentMessageId) ? node.parentMessageId : NO_PARENT;
    const current = newest.get(key);
    if (!current || node.createdAt >= current.createdAt) newest.set(key, node);
  }
  const branch: string[] = [];
  const seen = new Set<string>();
  for (let node = newest.get(NO_PARENT); node && !seen.has(node.messageId); node = newest.get(node.messageId)) {
    seen.add(node.messageId);
    branch.push(node.messageId);
  }
  return branch;
}
