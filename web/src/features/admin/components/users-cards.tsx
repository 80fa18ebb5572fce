import { useCallback, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { useUserRows } from '../lib/use-user-rows.ts';
import { RoleBadge } from './role-badge.tsx';
import { LoadingMore, type UsersListProps } from './users-table.tsx';
import { Avatar, displayName, UserActions, YouTag } from './user-row.tsx';

/** A card's height on a phone (three lines and padding); fixed so the virtualiser's arithmetic holds. */
const CARD_PX = 120;

/**
 * The phone's users list: a card per member (name, role, e-mail, dates, actions) instead of a
 * table to swipe through, virtualised and paged like the table.
 */
export function UsersCards({ users, currentUserId, ownNoteId, onChangeRole, onDelete, ...paging }: UsersListProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollElement = useCallback(() => scrollRef.current, []);
  const { rows, paddingTop, paddingBottom } = useUserRows(users, CARD_PX, scrollElement, paging);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={t('adminUsers.tableLabel')}
      tabIndex={0}
      className="max-h-[70dvh] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-surface shadow-soft outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <ul style={{ paddingTop, paddingBottom }}>
        {rows.map(({ key, user }) => {
          const own = user._id === currentUserId;
          return (
            <li key={key} style={{ height: CARD_PX }} className="flex flex-col justify-center gap-1 border-b border-line px-4 last:border-b-0">
              <div className="flex items-center gap-3">
                <Avatar user={user} large />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2">
                    <span className="truncate font-medium text-ink">{displayName(user)}</span>
                    {own ? <YouTag /> : null}
                  </p>
                  <p className="truncate text-sm text-ink-soft">{user.email}</p>
                </div>
                <UserActions user={user} own={own} ownNoteId={ownNoteId} onChangeRole={() => onChangeRole(user)} onDelete={() => onDelete(user)} />
              </div>
              <div className="flex items-center gap-2 pl-13 text-xs text-ink-faint">
                <RoleBadge role={user.role} />
                <span className="truncate">{t('adminUsers.joined', { date: formatDate(user.createdAt, i18n.language) })}</span>
              </div>
              <p className="truncate pl-13 text-xs text-ink-faint">
                {t('adminUsers.lastLoginOn', { date: user.lastLogin ? formatDateTime(user.lastLogin, i18n.language) : t('adminUsers.noData') })}
              </p>
            </li>
          );
        })}
      </ul>
      {paging.isFetchingNextPage ? <LoadingMore /> : null}
    </div>
  );
}
