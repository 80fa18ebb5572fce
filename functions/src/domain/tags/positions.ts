import type { Tag } from '@meld/shared';

/**
 * Positions after moving one tag (LibreChat's drag-and-drop order): the tags stay in their
 * current order, `moved` is taken out and put back at index `to` (clamped to the end), and
 * positions become 0..n-1. Also closes the gaps a deleted tag leaves. Returns only the tags
 * whose position changes.
 */
export function reorder(tags: Tag[], moved?: { tag: string; to: number }): Record<string, number> {
  const order = [...tags].sort((a, b) => a.position - b.position || a.tag.localeCompare(b.tag)).map((tag) => tag.tag);
  if (moved) {
    const from = order.indexOf(moved.tag);
    if (from >= 0) order.splice(from, 1);
    order.splice(Math.min(moved.to, order.length), 0, moved.tag);
  }
  const current = new Map(tags.map((tag) => [tag.tag, tag.position]));
  const changes: Record<string, number> = {};
  order.forEach((tag, position) => {
    if (current.get(tag) !== position) changes[tag] = position;
  });
  return changes;
}
