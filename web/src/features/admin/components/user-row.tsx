import type { AdminUser } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { initials } from '@/lib/initials.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { RoleBadge } from './role-badge.tsx';
import { cellClass, stickyCellClass } from './table-parts.tsx';

export interface UserItemProps {
  user: AdminUser;
  /** The signed-in admin's own row: the server refuses both actions, so they are disabled here. */
  own: boolean;
  ownNoteId: string;
  onChangeRole: () => void;
  onDelete: () => void;
}

/** A shield (what the member may do) and a bin, in the line style of the app's other icons. */
const ROLE_ICON = 'M10 2.5 4 5v4.5c0 4 2.6 6.9 6 8 3.4-1.1 6-4 6-8V5l-6-2.5ZM7.5 10l1.8 1.8 3.4-3.6';
const TRASH_ICON = 'M4.5 6h11M8 6V4.5h4V6M6 6l.7 9.5a1 1 0 0 0 1 .9h4.6a1 1 0 0 0 1-.9L14 6';

export const displayName = (user: AdminUser) => user.name || user.username;

/** One user in the table; `rowIndex` is its place in the whole list (header = 1), since only some rows are rendered. */
export function UserRow({ rowIndex, ...props }: UserItemProps & { rowIndex: number }) {
  const { t, i18n } = useTranslation();
  const { user, own } = props;
  // One line per row keeps every row at the virtualiser's 48 px.
  const cell = `${cellClass} h-12 py-0! align-middle whitespace-nowrap`;

  return (
    <tr className="group" aria-rowindex={rowIndex}>
      <th scope="row" className={`${stickyCellClass} h-12 py-0! align-middle`}>
        <span className="flex max-w-64 items-center gap-2.5">
          <Avatar user={user} />
          <span className="truncate">{displayName(user)}</span>
          {own ? <YouTag /> : null}
        </span>
      </th>
      <td className={cell}>{user.email}</td>
      <td className={cell}>
        <RoleBadge role={user.role} />
      </td>
      <td className={`${cell} text-ink-soft`}>{formatDate(user.createdAt, i18n.language)}</td>
      <td className={`${cell} text-ink-soft`}>{user.lastLogin ? formatDateTime(user.lastLogin, i18n.language) : t('adminUsers.noData')}</td>
      <td className={cell}>
        <UserActions {...props} />
      </td>
    </tr>
  );
}

export function YouTag() {
  const { t } = useTranslation();
  return <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong">{t('adminUsers.you')}</span>;
}

/** Change role and delete; on the admin's own row both are disabled, with the reason as tooltip and description. */
export function UserActions({ user, own, ownNoteId, onChangeRole, onDelete }: UserItemProps) {
  const { t } = useTranslation();
  const name = displayName(user);
  const ownProps = own ? { disabled: true, title: t('adminUsers.ownRowNote'), 'aria-describedby': ownNoteId } : {};
  const iconClass = 'size-9 px-0!';
  return (
    <span className="flex items-center gap-1">
      <Button size="sm" variant="ghost" className={iconClass} aria-label={t('adminUsers.changeRoleOf', { name })} title={t('adminUsers.changeRole')} onClick={onChangeRole} {...ownProps}>
        <Icon path={ROLE_ICON} />
      </Button>
      <DangerRowButton className={`${iconClass} disabled:text-ink-faint! disabled:hover:bg-transparent`} aria-label={t('adminUsers.deleteOf', { name })} title={t('adminUsers.delete')} onClick={onDelete} {...ownProps}>
        <Icon path={TRASH_ICON} />
      </DangerRowButton>
    </span>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/** The member's picture when they have one that loads, their initials otherwise. */
export function Avatar({ user, large = false }: { user: AdminUser; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const size = large ? 'size-10 text-sm' : 'size-7 text-[0.7rem]';
  if (user.avatar && !failed) {
    return <img src={user.avatar} alt="" className={`${size} shrink-0 rounded-full object-cover`} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={`${size} grid shrink-0 place-items-center rounded-full bg-accent-soft font-semibold text-accent-strong`}>
      {initials(displayName(user))}
    </span>
  );
}
