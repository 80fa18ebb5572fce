import { ROLES, type AdminUser, type Role } from '@meld/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showToast } from '@/lib/toast.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { useSession } from '@/lib/use-session.ts';
import { usersListQuery } from '../api/users-queries.ts';
import { exportUsersCsv } from '../lib/users-csv.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { Count, TableEmpty, TableError } from './table-parts.tsx';
import { UsersToolbar } from './users-toolbar.tsx';
import { UsersCards } from './users-cards.tsx';
import { UsersTable } from './users-table.tsx';

/** Spec 002 section 9: the search waits for 300 ms of quiet before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;
/** Below Tailwind's sm breakpoint a phone gets cards instead of a table to swipe through. */
const PHONE_QUERY = '(max-width: 639px)';

/** Every member of the platform: search, role filter, role changes, deletion and the CSV export. */
export function PlatformUsersTab() {
  const { t, i18n } = useTranslation();
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The previous results stay on screen while a new search loads, so typing does not flash the table.
  const query = useInfiniteQuery({ ...usersListQuery({ search: settledSearch, role }), placeholderData: keepPreviousData });
  const users = useMemo(() => query.data?.pages.flatMap((page) => page.users) ?? [], [query.data]);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [exporting, setExporting] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const ownNoteId = useId();
  const List = phone ? UsersCards : UsersTable;

  /**
   * The file holds every match, so pages not scrolled to yet are fetched first. Pages a role change
   * or delete made stale (shown from the cache while they refetch) are refreshed before they are written.
   */
  const exportCsv = async () => {
    setExporting(true);
    try {
      let { data, hasNextPage } = query;
      if (query.isStale || query.isFetching) {
        const fresh = await query.refetch({ cancelRefetch: false });
        if (fresh.isError) throw fresh.error;
        data = fresh.data;
        hasNextPage = data?.pages.at(-1)?.nextCursor != null;
      }
      while (hasNextPage) {
        const next = await query.fetchNextPage({ cancelRefetch: false });
        if (next.isError) throw next.error;
        ({ data, hasNextPage } = next);
      }
      exportUsersCsv(data?.pages.flatMap((page) => page.users) ?? [], t, i18n.language);
    } catch {
      showToast({ message: t('adminUsers.fetchFailed'), severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const count = query.hasNextPage ? t('adminUsers.countMore', { count: users.length }) : t('adminUsers.count', { count: users.length });

  return (
    <>
      <UsersToolbar
        search={search}
        onSearchChange={setSearch}
        role={role}
        roles={ROLES}
        onRoleChange={setRole}
        exporting={exporting}
        // Not while a new search's results are still on their way: the file would hold the old ones.
        canExport={users.length > 0 && !query.isPlaceholderData}
        onExport={() => void exportCsv()}
      />
      {query.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 rounded-2xl border border-line bg-surface py-16 text-ink-soft shadow-soft">
          <Spinner className="text-xl text-accent" />
          {t('adminUsers.loading')}
        </div>
      ) : query.isError && users.length === 0 ? (
        <TableError
          error={query.error}
          message={t('adminUsers.loadError', { message: query.error.message || t('adminUsers.unknownError') })}
          onRetry={() => void query.refetch()}
        />
      ) : users.length === 0 ? (
        <TableEmpty>{t('adminUsers.empty')}</TableEmpty>
      ) : (
        <>
          <Count className="mb-3">{count}</Count>
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData || undefined}>
            <List
              users={users}
              currentUserId={me?.id}
              ownNoteId={ownNoteId}
              hasNextPage={query.hasNextPage && !query.isPlaceholderData}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              onChangeRole={setChanging}
              onDelete={setDeleting}
            />
          </div>
        </>
      )}
      <p id={ownNoteId} className="sr-only">
        {t('adminUsers.ownRowNote')}
      </p>
      <RoleDialog user={changing} onClose={() => setChanging(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
