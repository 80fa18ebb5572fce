import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { userKeysQuery, useRevokeKey, useSaveKey } from '../../api/composer-queries.ts';
import { expiryFromNow, isKeyUsable } from '../../lib/user-keys.ts';
import { dateFormat } from '@/lib/date-format.ts';

const DAY_MS = 86_400_000;
/** LibreChat's "expires in" choices. */
export const KEY_EXPIRY = { never: null, day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, quarter: 90 * DAY_MS } as const;
type Expiry = keyof typeof KEY_EXPIRY;

interface SetKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint's name, as the server knows the key. */
  endpoint: string;
  /** What the user sees the endpoint called. */
  label: string;
}

const formatDate = (iso: string, language: string) => dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Takes the user's own key for an endpoint (masked), with an expiry; shows whether one is set and revokes it. */
export function SetKeyDialog({ open, onOpenChange, endpoint, label }: SetKeyDialogProps) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('month');
  const [touched, setTouched] = useState(false);
  const keys = useQuery({ ...userKeysQuery, enabled: open });
  const save = useSaveKey();
  const revoke = useRevokeKey();
  const current = keys.data?.keys.find((key) => key.name === endpoint);
  const missing = touched && !value.trim();

  const close = (next: boolean) => {
    if (!next) {
      setValue('');
      setTouched(false);
      save.reset();
    }
    onOpenChange(next);
  };
  const submit = () => {
    setTouched(true);
    if (!value.trim()) return;
    save.mutate({ name: endpoint, value: value.trim(), expiresAt: expiryFromNow(KEY_EXPIRY[expiry]) }, { onSuccess: () => close(false) });
  };

  const status = !current
    ? t('composer.keys.notSet')
    : current.expiresAt === null
      ? t('composer.keys.isSet')
      : isKeyUsable(current)
        ? t('composer.keys.isSetUntil', { date: formatDate(current.expiresAt, i18n.language) })
        : t('composer.keys.expired', { date: formatDate(current.expiresAt, i18n.language) });

  return (
    <Modal open={open} onOpenChange={close} title={t('composer.keys.title', { endpoint: label })} description={t('composer.keys.description')}>
      <form
        noValidate
        className="flex flex-col gap-4 px-6 pt-2 pb-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-canvas px-3 py-2">
          <p className="text-sm text-ink-soft" role="status">
            {keys.isPending ? '…' : status}
          </p>
          {current ? (
            <Button variant="ghost" size="sm" loading={revoke.isPending} onClick={() => revoke.mutate(endpoint)}>
              {t('composer.keys.revoke')}
            </Button>
          ) : null}
        </div>
        <Field label={t('composer.keys.label')} error={missing ? t('composer.keys.required') : null}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <Field label={t('composer.keys.expires')}>
          {(control) => (
            <select
              id={control.id}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as Expiry)}
              className="h-11 rounded-xl border border-line-strong bg-surface px-3 text-[0.95rem] text-ink focus:border-accent focus:ring-4 focus:ring-accent/15 focus:outline-none"
            >
              {(Object.keys(KEY_EXPIRY) as Expiry[]).map((option) => (
                <option key={option} value={option}>
                  {t(`composer.keys.expiry.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {save.error ? <Alert title={t('composer.keys.saveFailed', { message: save.error.message })} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('composer.keys.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
