import { ERROR_CODES, NO_PARENT, type FORK_OPTIONS } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { buildTree, pathToRoot, type MessageNode, type MessageTree } from './tree.ts';

export type ForkOption = (typeof FORK_OPTIONS)[number];

export interface ForkRequest {
  /** The message the user chose to fork from. */
  messageId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  /** The message the user is looking at; the option is applied from it when splitting. */
  latestMessageId?: string | undefined;
}

/**
 * Which messages a fork copies, as LibreChat's forkConversation chooses them. With T the
 * message the option starts from:
 *
 * - directPath: the chain from the root down to T.
 * - includeBranches: that chain, plus the other children of every message on it except T (the
 *   siblings of each path message below the root); the siblings' own replies are not copied,
 *   nor are T's replies, nor other roots (they hang off no path message).
 * - targetLevel (the default): every message, on any branch, whose depth is at most T's.
 *
 * splitAtTarget first cuts the tree at the chosen message's depth: shallower messages are
 * dropped and the messages at that depth become roots (parent NO_PARENT). The option then
 * starts from latestMessageId (required, and it must survive the cut), as in LibreChat, where
 * the client sends the message being viewed.
 *
 * Messages are returned with their original ids; cloning gives them new ones.
 */
export function selectForkMessages<M extends MessageNode>(messages: M[], request: ForkRequest): M[] {
  let tree = buildTree(messages);
  if (!tree.byId.has(request.messageId)) {
    throw new DomainError('not-found', ERROR_CODES.notFound, 'That message is not in this conversation.', 'messageId');
  }
  let from = request.messageId;
  if (request.splitAtTarget) {
    if (!request.latestMessageId) {
      throw new DomainError('invalid', ERROR_CODES.validation, 'Splitting at a message needs the latest message id.', 'latestMessageId');
    }
    tree = buildTree(splitAt(tree, request.messageId));
    from = request.latestMessageId;
    if (!tree.byId.has(from)) {
      throw new DomainError('invalid', ERROR_CODES.validation, 'The latest message must be at or below the level of the message you fork from.', 'latestMessageId');
    }
  }
  switch (request.option) {
    case 'directPath':
      return pathToRoot(tree, from);
    case 'includeBranches':
      return withBranches(tree, from);
    case 'targetLevel':
      return upToLevel(tree, from);
  }
}

/** Messages at or below the target's depth; those at its depth become roots. */
function splitAt<M extends MessageNode>(tree: MessageTree<M>, targetId: string): M[] {
  const level = tree.depth.get(targetId) ?? 0;
  return tree.order.flatMap((message) => {
    const depth = tree.depth.get(message.messageId) ?? 0;
    if (depth < level) return [];
    return depth === level ? [{ ...message, parentMessageId: NO_PARENT }] : [message];
  });
}

function withBranches<M extends MessageNode>(tree: MessageTree<M>, targetId: string): M[] {
  const path = new Set(pathToRoot(tree, targetId).map((message) => message.messageId));
  return tree.order.filter(
    (message) => path.has(message.messageId) || (path.has(message.parentMessageId) && message.parentMessageId !== targetId),
  );
}

function upToLevel<M extends MessageNode>(tree: MessageTree<M>, targetId: string): M[] {
  const level = tree.depth.get(targetId) ?? 0;
  return tree.order.filter((message) => (tree.depth.get(message.messageId) ?? Infinity) <= level);
}
