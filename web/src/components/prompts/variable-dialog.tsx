import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { textareaClasses } from './textarea-classes.ts';
import { fillPrompt, promptVariables } from './variables.ts';

interface VariableDialogProps {
  /** The prompt to fill; the dialog is open while one is given. */
  prompt: { name: string; text: string } | null;
  onClose: () => void;
  onSubmit: (filled: string) => void;
}

/** One field per `{{variable}}`, each required; submitting hands back the filled text. */
export function VariableDialog({ prompt, onClose, onSubmit }: VariableDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={prompt !== null} onOpenChange={(open) => !open && onClose()} title={prompt?.name ?? ''} description={t('prompts.variables.description')}>
      {prompt ? <VariableForm key={prompt.text} text={prompt.text} onCancel={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function VariableForm({ text, onCancel, onSubmit }: { text: string; onCancel: () => void; onSubmit: (filled: string) => void }) {
  const { t } = useTranslation();
  const names = promptVariables(text);
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const missing = names.filter((name) => !values[name]?.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: the composer's own form must not see this submit.
    event.stopPropagation();
    setTried(true);
    if (missing.length === 0) onSubmit(fillPrompt(text, values));
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
      <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pt-3 pb-2">
        <p className="rounded-xl border border-line bg-sunken px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap text-ink-soft">{text}</p>
        {names.map((name, index) => (
          <Field key={name} label={name} error={tried && missing.includes(name) ? t('prompts.variables.required', { name }) : null}>
            {({ invalid, ...control }) => (
              <textarea
                {...control}
                rows={2}
                // The first field takes focus, so typing starts at once.
                autoFocus={index === 0}
                value={values[name] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
                }}
                className={textareaClasses(invalid)}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="flex flex-col-reverse gap-2 px-6 pt-4 pb-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit">{t('prompts.variables.insert')}</Button>
      </div>
    </form>
  );
}
