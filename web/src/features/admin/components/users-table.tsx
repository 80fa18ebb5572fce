import type { AdminUser } from '@meld/shared';
import { useCallback, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useUserRows, type UserPaging } from '../lib/use-user-rows.ts';
import { UserRow } from './user-row.tsx';
import { headClass, stickyHeadClass, TableCard } from './table-parts.tsx';

/** Spec 002 section 9: rows are 48 px. */
const ROW_PX = 48;
const COLUMNS = ['name', 'email', 'role', 'createdAt', 'lastLogin', 'actions'] as const;

export interface UsersListProps extends UserPaging {
  users: AdminUser[];
  currentUserId: string | undefined;
  /** Explains why the admin's own row has no actions; rendered once by the tab. */
  ownNoteId: string;
  onChangeRole: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/**
 * The users, virtualised: only the rows in view (plus overscan) are in the DOM, with spacer rows
 * keeping the scroll height, so a thousand members scroll as lightly as ten.
 */
export function UsersTable({ users, currentUserId, ownNoteId, onChangeRole, onDelete, ...paging }: UsersListProps) {
  const { t } = useTranslation();
  const tableRef = useRef<HTMLTableElement>(null);
  // The card around the table is the element that scrolls.
  const scrollElement = useCallback(() => tableRef.current?.parentElement ?? null, []);
  const { rows, paddingTop, paddingBottom } = useUserRows(users, ROW_PX, scrollElement, paging);

  return (
    <TableCard label={t('adminUsers.tableLabel')}>
      <table ref={tableRef} aria-label={t('adminUsers.tableLabel')} className="w-max min-w-full border-separate border-spacing-0" aria-rowcount={users.length + 1}>
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
          {rows.map(({ key, index, user }) => (
            <UserRow
              key={key}
              user={user}
              rowIndex={index + 2}
              own={user._id === currentUserId}
              ownNoteId={ownNoteId}
              onChangeRole={() => onChangeRole(user)}
              onDelete={() => onDelete(user)}
            />
          ))}
          {paddingBottom > 0 ? <tr aria-hidden="true" style={{ height: paddingBottom }} /> : null}
        </tbody>
      </table>
      {paging.isFetchingNextPage ? <LoadingMore /> : null}
    </TableCard>
  );
}

export function LoadingMore() {
  const { t } = useTranslation();
  return (
    <div className="sticky left-0 flex justify-center py-3 text-accent">
      <Spinner label={t('adminUsers.loadingMore')} />
    </div>
  );
}
