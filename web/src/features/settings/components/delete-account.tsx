import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { DANGER_BUTTON } from '@/components/ui/confirm-dialog.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useDeleteAccount } from '../api/settings-queries.ts';
import { SettingRow } from './setting-row.tsx';

/** Spec 000 section 5: the typed e-mail must be the account's, case-insensitively after trimming. */
export function emailConfirmed(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

function DeleteAccountForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = emailConfirmed(typed, email);
  return (
    <form
      className="px-6 pt-2 pb-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) remove.mutate(typed);
      }}
    >
      <Field label={t('settings.account.delete.emailLabel')}>
        {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />}
      </Field>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" className={DANGER_BUTTON} disabled={!matches} loading={remove.isPending}>
          {t('settings.account.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Account tab: delete the account, behind a dialog that asks for the account's e-mail. */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingRow label={t('settings.account.delete.label')} hint={t('settings.account.delete.hint')}>
      <Button variant="secondary" size="sm" className="border-danger-line! text-danger! hover:bg-danger-soft!" onClick={() => setOpen(true)}>
        {t('settings.account.delete.button')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('settings.account.delete.title')} description={t('settings.account.delete.body')}>
        {open ? <DeleteAccountForm email={email} onCancel={() => setOpen(false)} /> : null}
      </Modal>
    </SettingRow>
  );
}
