import { ROLES, type AdminUser, type Role } from '@meld/shared';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useUpdateUserRole } from '../api/users-queries.ts';

interface RoleDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Spec 002 section 5: Save stays disabled until a role other than the current one is chosen. */
export function RoleDialog({ user, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('adminUsers.roleDialog.title')}
      description={user ? t('adminUsers.roleDialog.description', { name: user.name || user.username, email: user.email, role: t(`admin.roles.${user.role}`) }) : undefined}
    >
      {/* Keyed by user so each opening starts with no role chosen. */}
      {user ? <RoleForm key={user._id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function RoleForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [role, setRole] = useState<Role | ''>('');
  const update = useUpdateUserRole();
  const unchanged = role === '' || role === user.role;

  const save = () => {
    if (role === '' || unchanged) return;
    update.mutate({ id: user._id, role }, { onSuccess: onClose });
  };

  return (
    <form
      className="flex flex-col gap-5 px-6 pt-3 pb-6"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('adminUsers.roleDialog.label')}
        </label>
        <select id={id} value={role} onChange={(event) => setRole(event.target.value as Role | '')} className={inputClasses(false, 'pr-8')}>
          <option value="" disabled>
            {t('adminUsers.roleDialog.placeholder')}
          </option>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`admin.roles.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {/* The toast outside is hidden from screen readers while the dialog is open, so the refusal is said here too. */}
      {update.isError ? <Alert>{(isApiError(update.error) && update.error.message) || t('adminUsers.roleDialog.failed')}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={unchanged} loading={update.isPending}>
          {t('adminUsers.roleDialog.save')}
        </Button>
      </div>
    </form>
  );
}
