import type { Fragment } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fragmentQuery } from '../api/fragments-queries.ts';

/**
 * The inbox's multi-selection, kept as the fragments themselves so a weave still has them when a
 * search hides some, and the previewed fragment (one at a time, read from the current list).
 */
export function useFragmentSelection(shown: readonly Fragment[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Fragment>>(new Map());
  const [previewId, setPreviewId] = useState<string | null>(null);
  // A fragment a link opened outside the loaded page; the preview reads it from its own query.
  const [linkedId, setLinkedId] = useState<string | null>(null);

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

  /** Selects `fragments` (replacing the selection) and previews `preview`, which may lie outside the loaded page. */
  const reveal = useCallback((fragments: readonly Fragment[], preview: Fragment | null) => {
    setSelected(new Map(fragments.map((fragment) => [fragment.id, fragment])));
    setPreviewId(preview?.id ?? null);
    setLinkedId(preview?.id ?? null);
  }, []);

  // Fresh copies from the list where it has them (a pin or a new type since selecting).
  const selection = useMemo(() => [...selected.values()].map((fragment) => shown.find((item) => item.id === fragment.id) ?? fragment), [selected, shown]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const listed = shown.find((item) => item.id === previewId);
  const linked = previewId !== null && previewId === linkedId && !listed;
  const detail = useQuery({ ...fragmentQuery(previewId ?? ''), enabled: linked });
  const previewed = listed ?? (linked ? (detail.data ?? null) : null);

  return { selection, selectedIds, previewed, previewId, setPreviewId, toggle, forget, clear, reveal };
}
