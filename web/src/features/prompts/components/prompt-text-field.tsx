import { PROMPT_LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { textareaClasses } from '@/components/prompts/textarea-classes.ts';
import { promptVariables } from '@/components/prompts/variables.ts';
import { Field } from '@/components/ui/field.tsx';
import { Badge } from './group-list.tsx';

interface PromptTextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
}

/** The prompt's text, with the variables it holds shown as they are typed. */
export function PromptTextField({ value, onChange, error, label }: PromptTextFieldProps) {
  const { t } = useTranslation();
  const variables = promptVariables(value);
  return (
    <div className="flex flex-col gap-2">
      <Field label={label ?? t('prompts.fields.prompt')} hint={t('prompts.fields.promptHint', { example: '{{topic}}' })} error={error ?? null}>
        {({ invalid, ...control }) => <textarea {...control} rows={7} value={value} maxLength={PROMPT_LIMITS.promptMax} onChange={(event) => onChange(event.target.value)} className={textareaClasses(invalid, 'font-mono text-[0.95rem]')} />}
      </Field>
      {variables.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-ink-faint">
          {t('prompts.variables.count', { count: variables.length })}:
          {variables.map((name) => (
            <Badge key={name} tone="accent">
              {name}
            </Badge>
          ))}
        </p>
      ) : null}
    </div>
  );
}
