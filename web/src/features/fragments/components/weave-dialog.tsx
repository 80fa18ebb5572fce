import { FRAGMENT_LIMITS, type Fragment } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { downloadFile } from '@/lib/download.ts';
import { showToast } from '@/lib/toast.ts';
import { TOAST_MS, useWeaveFragments } from '../api/fragments-queries.ts';
import { markdownFileName, weaveTemplate } from '../lib/fragment-text.ts';

interface WeaveDialogProps {
  /** The fragments to weave, in list order; the dialog is open while there are any. */
  fragments: readonly Fragment[];
  onClose: () => void;
  onWoven: () => void;
}

/** Weave Fragments: title and body prefilled from the template, saved as a reflection that the log shows. */
export function WeaveDialog({ fragments, onClose, onWoven }: WeaveDialogProps) {
  const { t } = useTranslation();
  const open = fragments.length > 0;
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('fragments.weave.title')} description={t('fragments.weave.description')} size="lg">
      {/* Mounted per opening, so the template is written from this selection. */}
      {open ? <WeaveForm fragments={fragments} onCancel={onClose} onWoven={onWoven} /> : null}
    </Modal>
  );
}

function WeaveForm({ fragments, onCancel, onWoven }: { fragments: readonly Fragment[]; onCancel: () => void; onWoven: () => void }) {
  const { t } = useTranslation();
  const [initial] = useState(() => weaveTemplate(fragments, t));
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const weave = useWeaveFragments();
  const ready = title.trim() !== '' && body.trim() !== '';

  /** Saves the reflection; with `download`, the saved text also comes down as a Markdown file. */
  const save = (download: boolean) => {
    if (!ready || weave.isPending) return;
    const woven = { title: title.trim(), body: body.trim() };
    weave.mutate(
      { fragmentIds: fragments.map((fragment) => fragment.id), ...woven },
      {
        onSuccess: () => {
          // The file is a copy of what was kept, never instead of it (issue 26): closing the dialog must not lose the reflection.
          if (download) {
            downloadFile(markdownFileName(woven.title), `# ${woven.title}\n\n${woven.body}\n`, 'text/markdown;charset=utf-8');
            showToast({ message: t('fragments.toasts.exported', { target: t('fragments.weave.markdown') }), severity: 'success', duration: TOAST_MS });
          }
          onWoven();
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(false);
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pt-2 pb-6">
      <p className="text-sm text-ink-faint">{t('fragments.weave.fragments', { count: fragments.length })}</p>
      <Field label={t('fragments.weave.reflectionTitle')}>
        {(control) => <Input {...control} maxLength={FRAGMENT_LIMITS.weaveTitleMax} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Field label={t('fragments.weave.body')}>
        {({ invalid, ...control }) => (
          <textarea
            {...control}
            rows={10}
            maxLength={FRAGMENT_LIMITS.weaveBodyMax}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={inputClasses(invalid, 'h-auto min-h-56 resize-y py-3 leading-relaxed')}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} className="sm:mr-auto">
          {t('actions.cancel')}
        </Button>
        <Button variant="secondary" onClick={() => save(true)} disabled={!ready || weave.isPending}>
          {t('fragments.weave.exportMarkdown')}
        </Button>
        <Button type="submit" disabled={!ready} loading={weave.isPending}>
          {t('fragments.weave.save')}
        </Button>
      </div>
    </form>
  );
}
