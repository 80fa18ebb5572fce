import type { DraftMessage } from './types.ts';

type Linked = Pick<DraftMessage, 'sourceId' | 'parentSourceId'>;

/**
 * Keeps the messages `keep` accepts; a kept message whose parent was dropped moves up to its
 * nearest kept ancestor (or becomes a root), so skipping a system or empty node keeps the branch.
 */
export function keepOnly<T extends Linked>(messages: T[], keep: (message: T) => boolean): T[] {
  const byId = new Map(messages.map((message) => [message.sourceId, message]));
  const kept = new Set(messages.filter(keep).map((message) => message.sourceId));
  return messages
    .filter((message) => kept.has(message.sourceId))
    .map((message) => {
      const seen = new Set<string>([message.sourceId]);
      let parent = message.parentSourceId;
      while (parent !== null && !kept.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        parent = byId.get(parent)?.parentSourceId ?? null;
      }
      return { ...message, parentSourceId: parent !== null && kept.has(parent) && parent !== message.sourceId ? parent : null };
    });
}

/** Each message's parent within the file: unknown parents become roots, and loops are cut. */
export function resolveParents(messages: Linked[]): Map<string, string | null> {
  const ids = new Set(messages.map((message) => message.sourceId));
  const parents = new Map<string, string | null>();
  for (const message of messages) {
    const parent = message.parentSourceId;
    parents.set(message.sourceId, parent !== null && parent !== message.sourceId && ids.has(parent) ? parent : null);
  }
  // A file can claim a loop (a under b under a); the message where a walk comes back becomes a root.
  const settled = new Set<string>();
  for (const message of messages) {
    const trail = new Set<string>();
    let id: string | null = message.sourceId;
    while (id !== null && !settled.has(id)) {
      if (trail.has(id)) {
        parents.set(id, null);
        break;
      }
      trail.add(id);
      id = parents.get(id) ?? null;
    }
    for (const visited of trail) settled.add(visited);
  }
  return parents;
}

export interface OrderedMessage {
  message: DraftMessage;
  parentSourceId: string | null;
  /** Epoch ms, strictly increasing along the returned order. */
  time: number;
}

/**
 * Orders messages by time with every parent before its children, and gives each a distinct
 * timestamp no earlier than its parent's: threads are rebuilt from createdAt order, so a reply
 * dated before its question (or two messages in the same millisecond) would break them.
 * A message without a time follows its parent; a root without one takes `fallback`.
 */
export function orderMessages(messages: DraftMessage[], fallback: number): OrderedMessage[] {
  const parents = resolveParents(messages);
  const byId = new Map(messages.map((message) => [message.sourceId, message]));
  const placed = new Map<string, { time: number; depth: number }>();
  for (const message of messages) {
    // Walk up to the nearest placed ancestor without recursion: chains can be thousands long.
    const chain: string[] = [];
    let id: string | null = message.sourceId;
    while (id !== null && !placed.has(id)) {
      chain.push(id);
      id = parents.get(id) ?? null;
    }
    let above = id === null ? undefined : placed.get(id);
    for (const current of chain.reverse()) {
      const own = byId.get(current)?.time;
      const time = Math.max(own ?? above?.time ?? fallback, above?.time ?? Number.NEGATIVE_INFINITY);
      above = { time, depth: (above?.depth ?? -1) + 1 };
      placed.set(current, above);
    }
  }
  const index = new Map(messages.map((message, i) => [message.sourceId, i]));
  const sorted = [...messages].sort((a, b) => {
    const pa = placed.get(a.sourceId)!;
    const pb = placed.get(b.sourceId)!;
    return pa.time - pb.time || pa.depth - pb.depth || index.get(a.sourceId)! - index.get(b.sourceId)!;
  });
  let previous = Number.NEGATIVE_INFINITY;
  return sorted.map((message) => {
    previous = Math.max(placed.get(message.sourceId)!.time, previous + 1);
    return { message, parentSourceId: parents.get(message.sourceId) ?? null, time: previous };
  });
}
