/**
 * Multi-select over the visible cards: a plain toggle moves the anchor; a range (Shift) selects
 * every card from the anchor to the target, keeping what was selected before.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

export function selectRange(selection: Selection, order: readonly string[], id: string): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const [start, end] = from < to ? [from, to] : [to, from];
  return { ids: new Set([...selection.ids, ...order.slice(start, end + 1)]), anchor: selection.anchor };
}

/** Drops ids no longer shown (archived, snoozed, another tab). */
export function keepVisible(selection: Selection, order: readonly string[]): Selection {
  const ids = new Set([...selection.ids].filter((id) => order.includes(id)));
  return ids.size === selection.ids.size ? selection : { ids, anchor: selection.anchor && order.includes(selection.anchor) ? selection.anchor : null };
}
