import { PROMPT_LIMITS } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { CloseButton } from '@/components/ui/close-button.tsx';

interface LabelsEditorProps {
  labels: string[];
  editable: boolean;
  busy: boolean;
  onChange: (labels: string[]) => void;
}

/** A version's labels as chips; the author adds one by typing and Enter, removes one with its ×. */
export function LabelsEditor({ labels, editable, busy, onChange }: LabelsEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = () => {
    const label = draft.trim().slice(0, PROMPT_LIMITS.labelMax);
    if (label && !labels.includes(label)) onChange([...labels, label]);
    setDraft('');
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label={t('prompts.labels.heading')} role="group">
      {labels.length === 0 && !editable ? <span className="text-xs text-ink-faint">{t('prompts.labels.none')}</span> : null}
      {labels.map((label) => (
        <span key={label} className="inline-flex items-center gap-0.5 rounded-full bg-sunken py-0.5 pr-0.5 pl-2.5 text-xs text-ink-soft">
          {label}
          {editable ? <CloseButton label={t('prompts.labels.remove', { label })} onClick={() => onChange(labels.filter((other) => other !== label))} className="size-5 hover:bg-line" /> : null}
        </span>
      ))}
      {editable && labels.length < PROMPT_LIMITS.labelsMax ? (
        <input
          value={draft}
          disabled={busy}
          aria-label={t('prompts.labels.add')}
          placeholder={t('prompts.labels.placeholder')}
          maxLength={PROMPT_LIMITS.labelMax}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          onBlur={() => draft.trim() && add()}
          className="h-7 w-28 rounded-full border border-dashed border-line-strong bg-transparent px-2.5 text-xs text-ink outline-none placeholder:text-ink-faint focus:border-accent"
        />
      ) : null}
    </div>
  );
}
