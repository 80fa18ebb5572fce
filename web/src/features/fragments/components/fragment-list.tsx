import type { Fragment } from '@meld/shared';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { FragmentRow } from './fragment-row.tsx';

interface FragmentListProps {
  fragments: readonly Fragment[];
  selectedIds: ReadonlySet<string>;
  previewId: string | null;
  onPreview: (id: string) => void;
  onToggleSelect: (id: string) => void;
}

/**
 * The inbox as a multi-select listbox (spec 002 section 4): a click previews, Cmd/Ctrl-click or
 * Space on the focused row selects, arrow keys (and Home/End) move the focus, Enter previews.
 */
export function FragmentList({ fragments, selectedIds, previewId, onPreview, onToggleSelect }: FragmentListProps) {
  const { t } = useTranslation();
  const rows = useRef(new Map<string, HTMLLIElement>());
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const current = fragments.some((item) => item.id === focusedId) ? focusedId : (fragments[0]?.id ?? null);

  const moveTo = (index: number) => {
    const target = fragments[Math.max(0, Math.min(fragments.length - 1, index))];
    if (!target) return;
    setFocusedId(target.id);
    rows.current.get(target.id)?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent, index: number, id: string) => {
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(fragments.length - 1);
    else if (event.key === ' ') onToggleSelect(id);
    else if (event.key === 'Enter') onPreview(id);
    else return;
    event.preventDefault();
  };

  const onRowClick = (event: MouseEvent, id: string) => {
    setFocusedId(id);
    if (event.metaKey || event.ctrlKey) onToggleSelect(id);
    else onPreview(id);
  };

  return (
    <div>
      <p id="fragment-list-hint" className="sr-only">
        {t('fragments.list.hint')}
      </p>
      <ul role="listbox" aria-multiselectable="true" aria-label={t('fragments.list.label', { count: fragments.length })} aria-describedby="fragment-list-hint" className="flex flex-col gap-2.5">
        {fragments.map((fragment, index) => (
          <FragmentRow
            key={fragment.id}
            fragment={fragment}
            selected={selectedIds.has(fragment.id)}
            previewed={previewId === fragment.id}
            focusable={current === fragment.id}
            rowRef={(node) => {
              if (node) rows.current.set(fragment.id, node);
              else rows.current.delete(fragment.id);
            }}
            onClick={(event) => onRowClick(event, fragment.id)}
            onKeyDown={(event) => onRowKeyDown(event, index, fragment.id)}
            onFocus={() => setFocusedId(fragment.id)}
          />
        ))}
      </ul>
    </div>
  );
}
