import { NO_PARENT, type Message } from '@meld/shared';

/**
 * A conversation's messages as a tree. Roots are messages whose parent is NO_PARENT or is not
 * among the messages (as LibreChat's client builds its tree), so an import with a broken parent
 * link still shows every message. Messages on a parent cycle are reachable from no root: they
 * get no depth.
 */
export interface MessageTree<M extends MessageNode = Message> {
  byId: Map<string, M>;
  children: Map<string, M[]>;
  /** Depth of every message reachable from a root; roots are 0. */
  depth: Map<string, number>;
  /** Reachable messages, parents before children, siblings oldest first. */
  order: M[];
}

/** What the tree is made of: a whole message, or only its place (a fork's check reads no more). */
export type MessageNode = Pick<Message, 'messageId' | 'parentMessageId' | 'createdAt'>;

const byCreation = (a: MessageNode, b: MessageNode) => a.createdAt.localeCompare(b.createdAt);

export function isRoot(message: MessageNode, byId: Map<string, MessageNode>): boolean {
  return message.parentMessageId === NO_PARENT || !byId.has(message.parentMessageId);
}

export function buildTree<M extends MessageNode>(messages: M[]): MessageTree<M> {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const children = new Map<string, M[]>();
  const roots: M[] = [];
  for (const message of messages) {
    if (isRoot(message, byId)) roots.push(message);
    else children.set(message.parentMessageId, [...(children.get(message.parentMessageId) ?? []), message]);
  }
  for (const list of children.values()) list.sort(byCreation);

  const depth = new Map<string, number>();
  const order: M[] = [];
  let level = roots.sort(byCreation);
  for (let d = 0; level.length > 0; d++) {
    const next: M[] = [];
    for (const message of level) {
      depth.set(message.messageId, d);
      order.push(message);
      next.push(...(children.get(message.messageId) ?? []));
    }
    level = next;
  }
  return { byId, children, depth, order };
}

/** The chain from the root down to `messageId`, root first. */
export function pathToRoot<M extends MessageNode>(tree: MessageTree<M>, messageId: string): M[] {
  const path: M[] = [];
  const seen = new Set<string>();
  let current = tree.byId.get(messageId);
  while (current && !seen.has(current.messageId)) {
    seen.add(current.messageId);
    path.unshift(current);
    if (isRoot(current, tree.byId)) break;
    current = tree.byId.get(current.parentMessageId);
  }
  return path;
}

/** `iso`, or 1 ms after `floor` when `iso` is not later than it. */
function laterThan(iso: string, floor: string | undefined): string {
  return floor !== undefined && Date.parse(iso) <= Date.parse(floor) ? new Date(Date.parse(floor) + 1).toISOString() : iso;
}

/**
 * Copies messages into another conversation: fresh ids, parent links remapped (to NO_PARENT
 * when the parent is not copied), original times kept except that a reply is moved to 1 ms after
 * its parent when it was not already later, so "oldest first" lists parents before replies.
 * Returned oldest first.
 */
export function cloneMessages(messages: Message[], conversationId: string, newId: (sourceMessageId: string) => string): Message[] {
  const ids = new Map(messages.map((message) => [message.messageId, newId(message.messageId)]));
  const tree = buildTree(messages);
  const unreachable = messages.filter((message) => !tree.depth.has(message.messageId));
  const created = new Map<string, string>();
  const copies = [...tree.order, ...unreachable].map((message): Message => {
    const parent = ids.get(message.parentMessageId);
    const createdAt = laterThan(message.createdAt, created.get(message.parentMessageId));
    created.set(message.messageId, createdAt);
    return {
      ...message,
      messageId: ids.get(message.messageId) as string,
      conversationId,
      parentMessageId: parent ?? NO_PARENT,
      createdAt,
      updatedAt: Date.parse(message.updatedAt) < Date.parse(createdAt) ? createdAt : message.updatedAt,
    };
  });
  return copies.sort(byCreation);
}
