import { NO_PARENT, type Message } from '@meld/shared';

/** The key root messages are grouped under, whether their parent is NO_PARENT or missing from the array. */
export const ROOT_KEY = NO_PARENT;

/** The sibling the reader chose under one parent, and how many siblings there were at the time. */
export interface SiblingChoice {
  index: number;
  count: number;
}

/** Choices keyed by parent message id (ROOT_KEY for the first level). */
export type BranchSelection = Readonly<Record<string, SiblingChoice>>;

export interface BranchEntry {
  message: Message;
  /** The key of this message's sibling group: its parent's id, or ROOT_KEY. */
  parentKey: string;
  siblingIndex: number;
  siblingCount: number;
}

/**
 * Children of each message, oldest first (ties keep the array order), under ROOT_KEY for roots.
 * A message whose parent is not in the array (a share cut below the root) counts as a root.
 */
export function groupByParent(messages: readonly Message[]): Map<string, Message[]> {
  const ids = new Set(messages.map((message) => message.messageId));
  const groups = new Map<string, Message[]>();
  for (const message of messages) {
    const key = message.parentMessageId !== NO_PARENT && ids.has(message.parentMessageId) ? message.parentMessageId : ROOT_KEY;
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return groups;
}

/** The sibling shown for a group: the chosen one while the group is unchanged, else the newest. */
export function shownSiblingIndex(choice: SiblingChoice | undefined, count: number): number {
  if (choice && choice.count === count && choice.index >= 0 && choice.index < count) return choice.index;
  return count - 1;
}

/** The branch on screen, root to leaf, following the reader's choices (newest sibling by default). */
export function selectBranch(messages: readonly Message[], selection: BranchSelection = {}): BranchEntry[] {
  const groups = groupByParent(messages);
  const branch: BranchEntry[] = [];
  const seen = new Set<string>();
  let key = ROOT_KEY;
  for (;;) {
    const siblings = groups.get(key);
    if (!siblings?.length) return branch;
    const siblingIndex = shownSiblingIndex(selection[key], siblings.length);
    const message = siblings[siblingIndex]!;
    // A parent loop in imported data would otherwise never end.
    if (seen.has(message.messageId)) return branch;
    seen.add(message.messageId);
    branch.push({ message, parentKey: key, siblingIndex, siblingCount: siblings.length });
    key = message.messageId;
  }
}

/** The selection after the reader moves to sibling `index` of a group of `count`. */
export function chooseSibling(selection: BranchSelection, parentKey: string, index: number, count: number): BranchSelection {
  const clamped = Math.min(Math.max(index, 0), count - 1);
  return { ...selection, [parentKey]: { index: clamped, count } };
}
