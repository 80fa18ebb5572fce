import { ADMIN_LIMITS, type AdminBanner } from '@meld/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveBanner } from '../api/banner-queries.ts';
import { fromLocalInput, toLocalInput } from '../lib/banner-window.ts';
import { BannerMessage } from './banner-message.tsx';

type FieldName = 'message' | 'displayFrom' | 'displayTo';
const FIELDS: readonly string[] = ['message', 'displayFrom', 'displayTo'] satisfies FieldName[];

interface BannerFormProps {
  /** Null: a new banner. */
  banner: AdminBanner | null;
  onDone: () => void;
}

/** Create or edit one banner, with a live preview; the server's refusals show by the field they name. */
export function BannerForm({ banner, onDone }: BannerFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveBanner();
  const [message, setMessage] = useState(banner?.message ?? '');
  const [from, setFrom] = useState(banner ? toLocalInput(banner.displayFrom) : toLocalInput(new Date()));
  const [until, setUntil] = useState(banner?.displayTo ? toLocalInput(banner.displayTo) : '');
  const [isPublic, setIsPublic] = useState(banner?.isPublic ?? false);

  const error = isApiError(save.error) ? save.error : null;
  const fieldError = (name: FieldName) => (error?.field === name ? error.message : null);
  const formError = save.error && !(error?.field && FIELDS.includes(error.field)) ? (error && error.status < 500 ? error.message : t('adminBanners.form.formError')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const displayFrom = fromLocalInput(from);
    save.mutate(
      { ...(banner ? { bannerId: banner.bannerId } : {}), body: { message, ...(displayFrom ? { displayFrom } : {}), displayTo: fromLocalInput(until), isPublic } },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={titleId} noValidate className="rounded-2xl border border-line bg-surface p-5 shadow-soft sm:p-6">
      <h2 id={titleId} className="font-serif text-2xl font-semibold text-ink">
        {t(banner ? 'adminBanners.form.editTitle' : 'adminBanners.form.createTitle')}
      </h2>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <Field label={t('adminBanners.form.message')} hint={t('adminBanners.form.messageHint')} error={fieldError('message')}>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              name="message"
              rows={6}
              maxLength={ADMIN_LIMITS.bannerMessageMax}
              placeholder={t('adminBanners.form.messagePlaceholder')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={inputClasses(invalid, 'h-auto resize-y py-3 font-mono text-sm leading-relaxed')}
            />
          )}
        </Field>
        <section aria-label={t('adminBanners.form.preview')} className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-ink">{t('adminBanners.form.preview')}</p>
          <div className="min-h-24 flex-1 rounded-xl border border-sand/40 bg-warning-soft px-4 py-3 text-ink">
            {message.trim() ? <BannerMessage html={message} /> : <p className="text-sm text-ink-faint">{t('adminBanners.form.previewEmpty')}</p>}
          </div>
        </section>
      </div>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <Field label={t('adminBanners.form.from')} hint={t('adminBanners.form.fromHint')} error={fieldError('displayFrom')}>
          {(control) => <Input {...control} type="datetime-local" name="displayFrom" value={from} onChange={(event) => setFrom(event.target.value)} />}
        </Field>
        <Field label={t('adminBanners.form.until')} optional hint={t('adminBanners.form.untilHint')} error={fieldError('displayTo')}>
          {(control) => <Input {...control} type="datetime-local" name="displayTo" value={until} min={from || undefined} onChange={(event) => setUntil(event.target.value)} />}
        </Field>
      </div>
      <label className="mt-5 flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-ink hover:bg-sunken/40">
        <input type="checkbox" name="isPublic" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} className="mt-0.5 size-4.5 shrink-0 accent-accent" />
        <span className="text-sm leading-relaxed">
          <span className="font-medium">{t('adminBanners.form.isPublic')}</span>
          <span className="block text-ink-faint">{t('adminBanners.form.isPublicHint')}</span>
        </span>
      </label>
      {formError ? (
        <Alert tone="error" className="mt-5">
          {formError}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('adminBanners.form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('adminBanners.form.save')}
        </Button>
      </div>
    </form>
  );
}
