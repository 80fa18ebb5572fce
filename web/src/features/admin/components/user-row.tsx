import type { AdminUser } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { initials } from '@/lib/initials.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { RoleBadge } from './role-badge.tsx';
import { cellClass, stickyCellClass } from './table-parts.tsx';

interface UserRowProps {
  user: AdminUser;
  /** The row's position in the whole table (header = 1), since only some rows are rendered. */
  rowIndex: number;
  /** The signed-in admin's own row: the server refuses both actions, so they are disabled here. */
  own: boolean;
  ownNoteId: string;
  onChangeRole: () => void;
  onDelete: () => void;
}

export const displayName = (user: AdminUser) => user.name || user.username;

export function UserRow({ user, rowIndex, own, ownNoteId, onChangeRole, onDelete }: UserRowProps) {
  const { t, i18n } = useTranslation();
  const name = displayName(user);
  // One line per row keeps every row at the virtualiser's 48 px.
  const cell = `${cellClass} h-12 py-0! align-middle whitespace-nowrap`;
  const ownProps = own ? { disabled: true, title: t('adminUsers.ownRowNote'), 'aria-describedby': ownNoteId } : {};

  return (
    <tr className="group" aria-rowindex={rowIndex}>
      <th scope="row" className={`${stickyCellClass} h-12 py-0! align-middle`}>
        <span className="flex max-w-40 items-center gap-2.5 sm:max-w-64">
          <Avatar user={user} />
          <span className="truncate">{name}</span>
          {own ? <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong">{t('adminUsers.you')}</span> : null}
        </span>
      </th>
      <td className={cell}>{user.email}</td>
      <td className={cell}>
        <RoleBadge role={user.role} />
      </td>
      <td className={`${cell} text-ink-soft`}>{formatDate(user.createdAt, i18n.language)}</td>
      <td className={`${cell} text-ink-soft`}>{user.lastLogin ? formatDateTime(user.lastLogin, i18n.language) : t('adminUsers.noData')}</td>
      <td className={cell}>
        <span className="flex items-center gap-1">
          <Button size="sm" variant="ghost" className="h-8" aria-label={t('adminUsers.changeRoleOf', { name })} onClick={onChangeRole} {...ownProps}>
            {t('adminUsers.changeRole')}
          </Button>
          <Button size="sm" variant="ghost" className="h-8 text-danger! disabled:text-ink-faint!" aria-label={t('adminUsers.deleteOf', { name })} onClick={onDelete} {...ownProps}>
            {t('adminUsers.delete')}
          </Button>
        </span>
      </td>
    </tr>
  );
}

/** The member's picture when they have one that loads, their initials otherwise. */
function Avatar({ user }: { user: AdminUser }) {
  const [failed, setFailed] = useState(false);
  if (user.avatar && !failed) {
    return <img src={user.avatar} alt="" className="size-7 shrink-0 rounded-full object-cover" onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-[0.7rem] font-semibold text-accent-strong">
      {initials(displayName(user))}
    </span>
  );
}
