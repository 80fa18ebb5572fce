import { AGENT_LIMITS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { FIELD, fieldBorder } from './form-styles.ts';

interface StartersFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | null;
}

/** Up to four conversation starters (spec 000 section 5): the agent's empty chat offers them as buttons. */
export function StartersField({ value, onChange, error }: StartersFieldProps) {
  const { t } = useTranslation();
  const max = AGENT_LIMITS.conversationStartersMax;
  const full = value.length >= max;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-ink">{t('agents.form.starters')}</legend>
      <p className="-mt-1 text-xs text-ink-faint">{t('agents.form.startersHint', { max: String(max) })}</p>
      {value.map((starter, index) => (
        <div key={index} className="flex items-center gap-2">
          <input
            value={starter}
            maxLength={AGENT_LIMITS.conversationStarterMax}
            aria-label={t('agents.form.starterLabel', { number: String(index + 1) })}
            placeholder={t('agents.form.starterPlaceholder')}
            onChange={(event) => onChange(value.map((item, at) => (at === index ? event.target.value : item)))}
            className={`${FIELD} ${fieldBorder(false)} h-9`}
          />
          <button
            type="button"
            onClick={() => onChange(value.filter((_, at) => at !== index))}
            aria-label={t('agents.form.starterRemove', { number: String(index + 1) })}
            className="grid size-8 shrink-0 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
          >
            <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
      <div>
        <Button variant="ghost" size="sm" disabled={full} onClick={() => onChange([...value, ''])}>
          {full ? t('agents.form.startersFull', { max: String(max) }) : t('agents.form.starterAdd')}
        </Button>
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
