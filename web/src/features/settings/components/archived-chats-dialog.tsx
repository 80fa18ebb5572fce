import type { Conversation } from '@meld/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { archivedConvosQuery, useDeleteArchivedConversation, useUnarchiveConversation } from '../api/archived-queries.ts';
import { formatTableDate } from '../lib/format.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { SearchField, useTableSearch } from './search-field.tsx';
import { TableStatus } from './table-status.tsx';
import { cellClass, headClass, IconButton, TrashIcon, UnarchiveIcon } from './table-parts.tsx';
import { Modal } from '@/components/ui/modal.tsx';

function ArchivedTable() {
  const { t, i18n } = useTranslation();
  const search = useTableSearch();
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const query = useInfiniteQuery(archivedConvosQuery(search.settled));
  const unarchive = useUnarchiveConversation();
  const remove = useDeleteArchivedConversation();
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];
  const busy = (id: string) => (unarchive.isPending && unarchive.variables.conversationId === id) || (remove.isPending && remove.variables.conversationId === id);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 px-6 pt-2 pb-6">
      <SearchField label={t('settings.archived.search')} value={search.text} onChange={search.setText} />
      <div className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                {t('settings.archived.columns.title')}
              </th>
              <th scope="col" className={`${headClass} hidden w-32 sm:table-cell`}>
                {t('settings.archived.columns.date')}
              </th>
              <th scope="col" className={`${headClass} hidden w-32 md:table-cell`}>
                {t('settings.archived.columns.endpoint')}
              </th>
              <th scope="col" className={`${headClass} w-24`}>
                <span className="sr-only">{t('settings.archived.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {conversations.map((convo) => {
              const date = formatTableDate(convo.createdAt, i18n.language);
              return (
                <tr key={convo.conversationId} className="group">
                  <td className={`${cellClass} max-w-0`}>
                    <a href={`/c/${encodeURIComponent(convo.conversationId)}`} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-ink hover:text-accent hover:underline hover:underline-offset-4">
                      {convo.title}
                      <span className="sr-only"> {t('settings.opensInNewTab')}</span>
                    </a>
                    <span className="mt-0.5 block text-xs text-ink-faint sm:hidden">{date}</span>
                  </td>
                  <td className={`${cellClass} hidden text-ink-soft sm:table-cell`}>{date}</td>
                  <td className={`${cellClass} hidden truncate text-ink-soft md:table-cell`}>{convo.endpoint ?? ''}</td>
                  <td className={`${cellClass} text-right whitespace-nowrap`}>
                    <IconButton label={t('settings.archived.unarchive', { title: convo.title })} disabled={busy(convo.conversationId)} onClick={() => unarchive.mutate(convo)}>
                      <UnarchiveIcon />
                    </IconButton>
                    <IconButton label={t('settings.archived.delete', { title: convo.title })} tone="danger" disabled={busy(convo.conversationId)} onClick={() => setDeleting(convo)}>
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
          empty={!query.isPending && conversations.length === 0}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('settings.archived.confirmTitle')}
        body={t('settings.archived.confirmBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('settings.archived.confirm')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

/** General tab → Archived chats: search, open, unarchive or delete (spec 000 sections 2 and 9). */
export function ArchivedChatsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('settings.archived.title')} description={t('settings.archived.description')} size="lg" className="sm:h-[40rem]">
      <ArchivedTable />
    </Modal>
  );
}
