import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

/** The server's limits (shared/src/schemas/organize.ts), kept in the inputs so nothing longer can be typed. */
export const TAG_NAME_MAX = 100;
export const TAG_DESCRIPTION_MAX = 1_000;

export const FIELD = 'w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/10 focus:outline-none aria-[invalid=true]:border-danger';

export interface BookmarkDraft {
  tag: string;
  description: string;
}

interface BookmarkFieldsProps {
  initial: BookmarkDraft;
  nameLabel: string;
  descriptionLabel: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal (a taken or empty name), shown under the name. */
  error: string | null;
  onSubmit: (draft: BookmarkDraft) => void;
  onCancel?: () => void;
  /** The form that opens for a row takes focus; the one for a new bookmark waits to be chosen. */
  autoFocus?: boolean;
}

/** A bookmark's name and description: the form that creates one and the one that edits a row. */
export function BookmarkFields({ initial, nameLabel, descriptionLabel, submitLabel, pending, error, onSubmit, onCancel, autoFocus }: BookmarkFieldsProps) {
  const { t } = useTranslation();
  const ids = { name: useId(), description: useId(), error: useId() };
  const [draft, setDraft] = useState(initial);
  const [missing, setMissing] = useState(false);
  const message = missing ? t('chat.bookmarks.manager.nameRequired') : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.tag.trim();
    if (!tag) {
      setMissing(true);
      return;
    }
    onSubmit({ tag, description: draft.description.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={ids.name} className="text-xs font-medium text-ink-soft">
        {nameLabel}
      </label>
      <input
        id={ids.name}
        value={draft.tag}
        maxLength={TAG_NAME_MAX}
        autoFocus={autoFocus}
        placeholder={onCancel ? undefined : t('chat.bookmarks.manager.newNamePlaceholder')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? ids.error : undefined}
        onChange={(event) => {
          setMissing(false);
          setDraft({ ...draft, tag: event.target.value });
        }}
        className={`${FIELD} h-9`}
      />
      {message ? (
        <p id={ids.error} role="alert" className="text-xs text-danger">
          {message}
        </p>
      ) : null}
      <label htmlFor={ids.description} className="text-xs font-medium text-ink-soft">
        {descriptionLabel}
      </label>
      <textarea
        id={ids.description}
        rows={2}
        value={draft.description}
        maxLength={TAG_DESCRIPTION_MAX}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        className={`${FIELD} resize-y py-2 leading-relaxed`}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            {t('chat.bookmarks.manager.cancel')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
