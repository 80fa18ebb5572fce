import type { AdminUser } from '@meld/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { UserRow } from './user-row.tsx';
import { headClass, stickyHeadClass, TableCard } from './table-parts.tsx';

/** Spec 002 section 9: 48 px rows, 10 rows of overscan, the next page once the end is within 1.5 screens. */
export const ROW_PX = 48;
const OVERSCAN = 10;
const LOAD_AHEAD_SCREENS = 1.5;

const COLUMNS = ['name', 'email', 'role', 'createdAt', 'lastLogin', 'actions'] as const;

interface UsersTableProps {
  users: AdminUser[];
  currentUserId: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  onChangeRole: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/**
 * The users, virtualised: only the rows in view (plus overscan) are in the DOM, with spacer rows
 * keeping the scroll height, so a thousand members scroll as lightly as ten.
 */
export function UsersTable({ users, currentUserId, hasNextPage, isFetchingNextPage, fetchNextPage, onChangeRole, onDelete }: UsersTableProps) {
  const { t } = useTranslation();
  const ownNoteId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  // The card around the table is the element that scrolls.
  const scrollElement = () => tableRef.current?.parentElement ?? null;
  // The virtualiser is read afresh on every render and none of its functions is memoised here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: scrollElement,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => users[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const lastEnd = items.at(-1)?.end ?? 0;

  // Re-checked whenever the rendered range moves (the virtualiser re-renders on scroll).
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    const viewport = tableRef.current?.parentElement?.clientHeight ?? 0;
    if (totalSize - lastEnd <= viewport * LOAD_AHEAD_SCREENS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, totalSize, lastEnd]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = totalSize - lastEnd;

  return (
    <TableCard label={t('adminUsers.tableLabel')}>
      <table ref={tableRef} className="w-max min-w-full border-separate border-spacing-0" aria-rowcount={users.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={column === 'name' ? stickyHeadClass : headClass}>
                {t(`adminUsers.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 ? <tr aria-hidden="true" style={{ height: paddingTop }} /> : null}
          {items.map((item) => {
            const user = users[item.index]!;
            return (
              <UserRow
                key={item.key}
                user={user}
                rowIndex={item.index + 2}
                own={user._id === currentUserId}
                ownNoteId={ownNoteId}
                onChangeRole={() => onChangeRole(user)}
                onDelete={() => onDelete(user)}
              />
            );
          })}
          {paddingBottom > 0 ? <tr aria-hidden="true" style={{ height: paddingBottom }} /> : null}
        </tbody>
      </table>
      {isFetchingNextPage ? (
        <div className="sticky left-0 flex justify-center py-3 text-accent">
          <Spinner label={t('adminUsers.loadingMore')} />
        </div>
      ) : null}
      <p id={ownNoteId} className="sr-only">
        {t('adminUsers.ownRowNote')}
      </p>
    </TableCard>
  );
}
