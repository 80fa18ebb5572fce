import type { Fragment } from '@meld/shared';
import { useCallback, useMemo, useState } from 'react';

/**
 * The inbox's multi-selection, kept as the fragments themselves so a weave still has them when a
 * search hides some, and the previewed fragment (one at a time, read from the current list).
 */
export function useFragmentSelection(shown: readonly Fragment[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Fragment>>(new Map());
  const [previewId, setPreviewId] = useState<string | null>(null);

  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Map(current);
        const fragment = shown.find((item) => item.id === id);
        if (next.has(id)) next.delete(id);
        else if (fragment) next.set(id, fragment);
        return next;
      }),
    [shown],
  );

  const forget = useCallback((id: string) => {
    setSelected((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
    setPreviewId((current) => (current === id ? null : current));
  }, []);

  const clear = useCallback(() => {
    setSelected(new Map());
    setPreviewId(null);
  }, []);

  // Fresh copies from the list where it has them (a pin or a new type since selecting).
  const selection = useMemo(() => [...selected.values()].map((fragment) => shown.find((item) => item.id === fragment.id) ?? fragment), [selected, shown]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const previewed = shown.find((item) => item.id === previewId) ?? null;

  return { selection, selectedIds, previewed, previewId, setPreviewId, toggle, forget, clear };
}
