import { WIN_LIMITS } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useReflectionWin } from '../api/reflection-win.ts';
import { winTitleFrom } from '../lib/win-title.ts';

/**
 * "Save as a win" (today only): the member names the win (the reflection's first sentence is only a
 * suggestion) and it is saved at the time they save it, as a Wins Vault tile.
 */
export function SaveAsWin({ reflection }: { reflection: string }) {
  const { t } = useTranslation();
  const win = useReflectionWin(reflection);
  const [naming, setNaming] = useState(false);
  if (win.saved) {
    return (
      <>
        <Button variant="secondary" size="sm" disabled>
          <svg viewBox="0 0 20 20" className="size-4 text-sage" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="m5 10.5 3.2 3L15 6.5" />
          </svg>
          {t('today.win.inVault')}
        </Button>
        <Link to="/library/wins-vault" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('today.win.open')}
        </Link>
      </>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setNaming(true)} disabled={win.checking}>
        <svg viewBox="0 0 20 20" className="size-4 text-accent" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path d="M10 2.8 12.1 7l4.6.7-3.3 3.2.8 4.6L10 13.3l-4.2 2.2.8-4.6-3.3-3.2L7.9 7z" strokeLinejoin="round" />
        </svg>
        {t('today.win.save')}
      </Button>
      <Modal open={naming} onOpenChange={setNaming} title={t('today.win.nameTitle')} description={t('today.win.nameDescription')}>
        {naming ? <NameWinForm suggestion={winTitleFrom(reflection)} saving={win.saving} onCancel={() => setNaming(false)} onSave={(title) => win.save(title, () => setNaming(false))} /> : null}
      </Modal>
    </>
  );
}

function NameWinForm({ suggestion, saving, onCancel, onSave }: { suggestion: string; saving: boolean; onCancel: () => void; onSave: (title: string) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(suggestion);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim()) onSave(title.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <Field label={t('today.win.nameLabel')}>
        {({ invalid, ...control }) => (
          <Input {...control} invalid={invalid} value={title} maxLength={WIN_LIMITS.titleMax} autoFocus onFocus={(event) => event.currentTarget.select()} onChange={(event) => setTitle(event.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('today.win.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={!title.trim()}>
          {t('today.win.confirm')}
        </Button>
      </div>
    </form>
  );
}
