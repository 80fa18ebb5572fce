import { DEFAULT_WIN_EMOJI, WIN_LIMITS, type CreateWinBody, type WinTile } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { parseTags } from '../lib/wins-filter.ts';
import { ImpactFields } from './impact-fields.tsx';

export type WinFormValues = Required<Pick<CreateWinBody, 'title' | 'description' | 'tags' | 'impact'>> & Pick<CreateWinBody, 'emoji'>;

interface WinFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tile being edited; none creates a new one. */
  win?: WinTile | null;
  pending: boolean;
  onSubmit: (values: WinFormValues) => void;
}

/** "Describe Your Win" and "Edit Win Tile" (spec 002 section 2): the same fields, a different start. */
export function WinFormDialog({ open, onOpenChange, win, pending, onSubmit }: WinFormDialogProps) {
  const { t } = useTranslation();
  const editing = Boolean(win);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('wins.form.editTitle') : t('wins.form.createTitle')}
      description={editing ? t('wins.form.editDescription') : t('wins.form.createDescription')}
    >
      {/* Remounted per opening so the fields start from the tile (or blank) each time. */}
      {open ? <WinForm key={win?.id ?? 'new'} win={win ?? null} pending={pending} onCancel={() => onOpenChange(false)} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function WinForm({ win, pending, onCancel, onSubmit }: { win: WinTile | null; pending: boolean; onCancel: () => void; onSubmit: (values: WinFormValues) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(win?.title ?? '');
  const [description, setDescription] = useState(win?.description ?? '');
  // Editing shows the tile's emoji (the default one included, as the spec's editor does).
  const [emoji, setEmoji] = useState(win?.emoji ?? '');
  const [tags, setTags] = useState(win?.tags.join(', ') ?? '');
  const [impact, setImpact] = useState<string[]>(win?.impact ?? []);
  const canSubmit = title.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || pending) return;
    onSubmit({
      title: title.trim(),
      description: description.trim(),
      emoji: emoji.trim() || undefined,
      tags: parseTags(tags),
      impact: impact.map((point) => point.trim()).filter(Boolean),
    });
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-col">
      <div className="flex flex-col gap-4 overflow-y-auto px-6 pt-2 pb-4">
        <Field label={win ? t('wins.form.titleLabel') : t('wins.form.text')}>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              autoFocus
              rows={win ? 2 : 3}
              maxLength={WIN_LIMITS.titleMax}
              value={title}
              placeholder={win ? undefined : t('wins.form.textPlaceholder')}
              onChange={(event) => setTitle(event.target.value)}
              className={inputClasses(invalid, 'h-auto resize-none py-3')}
            />
          )}
        </Field>
        <Field label={t('wins.form.description')} optional>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              rows={3}
              maxLength={WIN_LIMITS.descriptionMax}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              className={inputClasses(invalid, 'h-auto resize-y py-3')}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field label={t('wins.form.emoji')} optional hint={t('wins.form.emojiHint', { emoji: DEFAULT_WIN_EMOJI })}>
            {(control) => <Input {...control} value={emoji} maxLength={WIN_LIMITS.emojiMax} placeholder={DEFAULT_WIN_EMOJI} onChange={(event) => setEmoji(event.target.value)} />}
          </Field>
          <Field label={t('wins.form.tags')} optional hint={t('wins.form.tagsHint')}>
            {(control) => <Input {...control} value={tags} onChange={(event) => setTags(event.target.value)} />}
          </Field>
        </div>
        <ImpactFields points={impact} onChange={setImpact} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-line px-6 pt-4 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={!canSubmit} loading={pending}>
          {win ? t('wins.form.update') : t('wins.form.create')}
        </Button>
      </div>
    </form>
  );
}
