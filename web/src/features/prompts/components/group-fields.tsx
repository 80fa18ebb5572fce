import { PROMPT_CATEGORIES, PROMPT_LIMITS, type PromptCategory } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Field } from '@/components/ui/field.tsx';
import { Input, inputClasses } from '@/components/ui/input.tsx';
import { categoriesQuery } from '../api/prompt-api.ts';
import { normaliseCommand, type GroupErrors, type GroupValues } from '../lib/group-values.ts';

interface GroupFieldsProps {
  values: GroupValues;
  errors: GroupErrors;
  onChange: (values: GroupValues) => void;
  /** The role may share with everyone (PROMPTS/SHARED_GLOBAL); otherwise the switch is not shown. */
  canShare: boolean;
}

/** Name, one-liner, category, command and sharing: the group's own fields, for creating and editing. */
export function GroupFields({ values, errors, onChange, canShare }: GroupFieldsProps) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const set = <K extends keyof GroupValues>(key: K, value: GroupValues[K]) => onChange({ ...values, [key]: value });
  const error = (key: keyof GroupErrors) => (errors[key] ? t(errors[key] as 'prompts.errors.nameRequired') : null);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('prompts.fields.name')} error={error('name')} className="sm:col-span-2">
        {(control) => <Input {...control} value={values.name} maxLength={PROMPT_LIMITS.nameMax} onChange={(event) => set('name', event.target.value)} />}
      </Field>
      <Field label={t('prompts.fields.oneliner')} hint={t('prompts.fields.onelinerHint')} error={error('oneliner')} optional className="sm:col-span-2">
        {(control) => <Input {...control} value={values.oneliner} maxLength={PROMPT_LIMITS.onelinerMax} onChange={(event) => set('oneliner', event.target.value)} />}
      </Field>
      <Field label={t('prompts.fields.category')} error={error('category')} optional>
        {({ invalid, ...control }) => (
          <select {...control} value={values.category} onChange={(event) => set('category', event.target.value as PromptCategory | '')} className={inputClasses(invalid, 'pr-8')}>
            <option value="">{t('prompts.fields.noCategory')}</option>
            {/* The server's list once loaded; the same fixed list until then, so a saved category shows at once. */}
            {(categories.data?.map((category) => category.value) ?? PROMPT_CATEGORIES).map((value) => (
              <option key={value} value={value}>
                {t(`prompts.categories.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('prompts.fields.command')}
        hint={values.command ? t('prompts.fields.commandHint', { command: values.command }) : t('prompts.fields.commandHintEmpty')}
        error={error('command')}
        optional
      >
        {(control) => (
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-4 grid place-items-center font-mono text-ink-faint">
              /
            </span>
            <Input {...control} value={values.command} className="pl-8 font-mono" spellCheck={false} autoCapitalize="none" onChange={(event) => set('command', normaliseCommand(event.target.value))} />
          </div>
        )}
      </Field>
      {canShare ? (
        <label className="flex items-start gap-3 rounded-xl border border-line bg-sunken/60 px-4 py-3 sm:col-span-2">
          <input type="checkbox" checked={values.shared} onChange={(event) => set('shared', event.target.checked)} className="mt-1 size-4 shrink-0 accent-accent" />
          <span>
            <span className="block text-sm font-medium text-ink">{t('prompts.fields.share')}</span>
            <span className="block text-sm text-ink-faint">{t('prompts.fields.shareHint')}</span>
          </span>
        </label>
      ) : null}
    </div>
  );
}
