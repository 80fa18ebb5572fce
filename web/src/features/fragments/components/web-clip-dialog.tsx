import { FRAGMENT_LIMITS } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useCreateFragment } from '../api/fragments-queries.ts';
import { clipAddressProblem, withScheme } from '../lib/clip-address.ts';

interface WebClipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCaptured: (id: string) => void;
}

/** A passage and its page: a fragment with source web and the page's address. */
export function WebClipDialog({ open, onOpenChange, onCaptured }: WebClipDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [quote, setQuote] = useState('');
  // Problems show once the member has left the field or tried to clip, not while they type.
  const [checked, setChecked] = useState({ url: false, quote: false });
  const create = useCreateFragment();
  const address = url.trim();
  const addressProblem = clipAddressProblem(address);
  const serverError = isApiError(create.error) ? create.error : null;
  const urlError = checked.url && addressProblem ? t(`fragments.webClip.problems.${addressProblem}`) : serverError?.field === 'sourceUrl' ? serverError.message : null;
  const quoteError = checked.quote && !quote.trim() ? t('fragments.webClip.quoteEmpty') : serverError?.field === 'content' ? serverError.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked({ url: true, quote: true });
    if (addressProblem || !quote.trim() || create.isPending) return;
    create.mutate(
      { content: quote.trim(), source: 'web', sourceUrl: address },
      {
        onSuccess: (fragment) => {
          setUrl('');
          setQuote('');
          setChecked({ url: false, quote: false });
          onOpenChange(false);
          onCaptured(fragment.id);
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('fragments.webClip.title')} description={t('fragments.webClip.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 overflow-y-auto px-6 pt-2 pb-6">
        <div className="flex flex-col gap-2">
          <Field label={t('fragments.webClip.url')} error={urlError}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoFocus
                maxLength={FRAGMENT_LIMITS.urlMax}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                onBlur={() => address && setChecked((was) => ({ ...was, url: true }))}
                placeholder={t('fragments.webClip.urlPlaceholder')}
              />
            )}
          </Field>
          {urlError && addressProblem === 'no-scheme' ? (
            <Button variant="quiet" size="sm" className="self-start" onClick={() => setUrl(withScheme(address))}>
              {t('fragments.webClip.useAddress', { address: withScheme(address) })}
            </Button>
          ) : null}
        </div>
        <Field label={t('fragments.webClip.quote')} error={quoteError}>
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
          <Button type="submit" loading={create.isPending}>
            {t('fragments.webClip.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
