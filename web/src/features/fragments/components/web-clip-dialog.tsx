import { FRAGMENT_LIMITS } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useCreateFragment } from '../api/fragments-queries.ts';

interface WebClipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCaptured: (id: string) => void;
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A passage and its page: a fragment with source web and the page's address. */
export function WebClipDialog({ open, onOpenChange, onCaptured }: WebClipDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [quote, setQuote] = useState('');
  const create = useCreateFragment();
  const address = url.trim();
  const ready = quote.trim() !== '' && isWebAddress(address);
  const serverError = isApiError(create.error) ? create.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate(
      { content: quote.trim(), source: 'web', sourceUrl: address },
      {
        onSuccess: (fragment) => {
          setUrl('');
          setQuote('');
          onOpenChange(false);
          onCaptured(fragment.id);
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('fragments.webClip.title')} description={t('fragments.webClip.description')}>
      <form onSubmit={submit} className="flex flex-col gap-4 overflow-y-auto px-6 pt-2 pb-6">
        <Field label={t('fragments.webClip.url')} error={serverError?.field === 'sourceUrl' ? serverError.message : null}>
          {(control) => (
            <Input {...control} type="url" inputMode="url" autoFocus maxLength={FRAGMENT_LIMITS.urlMax} value={url} onChange={(event) => setUrl(event.target.value)} placeholder={t('fragments.webClip.urlPlaceholder')} />
          )}
        </Field>
        <Field label={t('fragments.webClip.quote')} error={serverError?.field === 'content' ? serverError.message : null}>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              rows={4}
              maxLength={FRAGMENT_LIMITS.contentMax}
              value={quote}
              onChange={(event) => setQuote(event.target.value)}
              placeholder={t('fragments.webClip.quotePlaceholder')}
              className={inputClasses(invalid, 'h-auto min-h-28 resize-y py-3 leading-relaxed')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            {t('fragments.webClip.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
