import { detectFragmentType, FRAGMENT_LIMITS, type FragmentType } from '@meld/shared';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useCreateFragment } from '../api/fragments-queries.ts';
import { parseTags } from '../lib/fragment-text.ts';
import { TypeSelect } from './type-select.tsx';

interface QuickFragmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCaptured: (id: string) => void;
}

/**
 * Spec 002 section 5: the type follows the text as it is written (the spec's ordered rules) until
 * the member picks one; blank text captures nothing. Cmd/Ctrl+Enter captures from the text box.
 */
export function QuickFragmentDialog({ open, onOpenChange, onCaptured }: QuickFragmentDialogProps) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [chosenType, setChosenType] = useState<FragmentType | null>(null);
  const [tags, setTags] = useState('');
  const create = useCreateFragment();
  const detected = detectFragmentType(content);
  const type = chosenType ?? detected;
  const blank = content.trim() === '';

  const reset = () => {
    setContent('');
    setChosenType(null);
    setTags('');
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || create.isPending) return;
    const tagList = parseTags(tags);
    create.mutate(
      { content: content.trim(), type, source: 'manual', ...(tagList.length ? { tags: tagList } : {}) },
      {
        onSuccess: (fragment) => {
          reset();
          onOpenChange(false);
          onCaptured(fragment.id);
        },
      },
    );
  };

  const onTextKeyDown = (event: KeyboardEvent) => {
    if ((event.metaKey || event.ctrlKey) && event.key === 'Enter') submit();
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('fragments.quick.title')} description={t('fragments.quick.description')}>
      <form onSubmit={submit} className="flex flex-col gap-4 overflow-y-auto px-6 pt-2 pb-6">
        <Field label={t('fragments.quick.content')}>
          {({ invalid, ...control }) => (
            <textarea
              {...control}
              autoFocus
              rows={4}
              maxLength={FRAGMENT_LIMITS.contentMax}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              onKeyDown={onTextKeyDown}
              placeholder={t('fragments.quick.placeholder')}
              className={inputClasses(invalid, 'h-auto min-h-28 resize-y py-3 leading-relaxed')}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fragments.quick.type')} hint={<span aria-live="polite">{t('fragments.quick.detected', { type: t(`fragments.types.${detected}`) })}</span>}>
            {(control) => <TypeSelect id={control.id} aria-describedby={control['aria-describedby']} value={type} onChange={setChosenType} />}
          </Field>
          <Field label={t('fragments.quick.tags')} hint={t('fragments.quick.tagsHint')} optional>
            {(control) => <Input {...control} value={tags} onChange={(event) => setTags(event.target.value)} className="h-11 text-sm" />}
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={blank} loading={create.isPending}>
            {t('fragments.quick.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
