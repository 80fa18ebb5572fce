import type { SharedLink } from '@meld/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { showToast } from '@/lib/toast.ts';
import { deletableShareIds, sharedLinksQuery, useDeleteSharedLinks } from '../api/shared-links-queries.ts';
import { formatTableDate } from '../lib/format.ts';
import { ConfirmDialog, DANGER_BUTTON } from '@/components/ui/confirm-dialog.tsx';
import { SearchField, useTableSearch } from './search-field.tsx';
import { TableStatus } from './table-status.tsx';
import { cellClass, headClass, IconButton, TrashIcon } from './table-parts.tsx';

/** Rows without a shareId (legacy data) still need a stable key to be selectable. */
const rowKey = (link: SharedLink) => link.shareId || `${link.conversationId}@${link.createdAt}`;

function SharedLinksTable() {
  const { t, i18n } = useTranslation();
  const search = useTableSearch();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pendingIds, setPendingIds] = useState<string[] | null>(null);
  const query = useInfiniteQuery(sharedLinksQuery(search.settled));
  const remove = useDeleteSharedLinks();
  const links = query.data?.pages.flatMap((page) => page.links) ?? [];
  const selectedLinks = links.filter((link) => selected.has(rowKey(link)));
  const allSelected = links.length > 0 && selectedLinks.length === links.length;

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const requestDelete = (items: SharedLink[]) => {
    const ids = deletableShareIds(items);
    if (ids.length === 0) showToast({ message: t('settings.sharedLinks.noValidItems'), severity: 'warning' });
    else setPendingIds(ids);
  };

  const confirmDelete = () => {
    if (!pendingIds) return;
    remove.mutate(pendingIds);
    setSelected(new Set());
    setPendingIds(null);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 px-6 pt-2 pb-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <SearchField label={t('settings.sharedLinks.search')} value={search.text} onChange={search.setText} />
        </div>
        {selectedLinks.length > 0 ? (
          <Button className={DANGER_BUTTON} onClick={() => requestDelete(selectedLinks)}>
            {t('settings.sharedLinks.deleteSelected', { count: selectedLinks.length })}
          </Button>
        ) : null}
      </div>
      <div className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${headClass} w-10`}>
                <input
                  type="checkbox"
                  aria-label={t('settings.sharedLinks.selectAll')}
                  checked={allSelected}
                  disabled={links.length === 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(links.map(rowKey)))}
                  className="size-4 accent-accent"
                />
              </th>
              <th scope="col" className={headClass}>
                {t('settings.sharedLinks.columns.title')}
              </th>
              <th scope="col" className={`${headClass} hidden w-36 sm:table-cell`}>
                {t('settings.sharedLinks.columns.created')}
              </th>
              <th scope="col" className={`${headClass} w-12`}>
                <span className="sr-only">{t('settings.sharedLinks.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => {
              const date = formatTableDate(link.createdAt, i18n.language);
              return (
                <tr key={rowKey(link)} className="group">
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      aria-label={t('settings.sharedLinks.select', { title: link.title })}
                      checked={selected.has(rowKey(link))}
                      onChange={() => toggle(rowKey(link))}
                      className="size-4 accent-accent"
                    />
                  </td>
                  <td className={`${cellClass} max-w-0`}>
                    {link.shareId ? (
                      <a href={`/share/${encodeURIComponent(link.shareId)}`} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-ink hover:text-accent hover:underline hover:underline-offset-4">
                        {link.title}
                        <span className="sr-only"> {t('settings.opensInNewTab')}</span>
                      </a>
                    ) : (
                      <span className="block truncate text-ink-soft">{link.title}</span>
                    )}
                    <span className="mt-0.5 block text-xs text-ink-faint sm:hidden">{date}</span>
                  </td>
                  <td className={`${cellClass} hidden text-ink-soft sm:table-cell`}>{date}</td>
                  <td className={`${cellClass} text-right`}>
                    <IconButton label={t('settings.sharedLinks.deleteOne', { title: link.title })} tone="danger" onClick={() => requestDelete([link])}>
                      <TrashIcon />
                    </IconButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <TableStatus
          loading={query.isPending}
          empty={!query.isPending && links.length === 0}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </div>
      <ConfirmDialog
        open={pendingIds !== null}
        onOpenChange={(open) => !open && setPendingIds(null)}
        title={t('settings.sharedLinks.confirmTitle', { count: pendingIds?.length ?? 1 })}
        body={t('settings.sharedLinks.confirmBody')}
        confirmLabel={t('settings.sharedLinks.confirm')}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** Data tab → Manage shared links: search, open, delete one or many (spec 000 sections 4 and 5). */
export function SharedLinksDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('settings.sharedLinks.title')} description={t('settings.sharedLinks.description')} size="lg" className="sm:h-[40rem]">
      <SharedLinksTable />
    </Modal>
  );
}
