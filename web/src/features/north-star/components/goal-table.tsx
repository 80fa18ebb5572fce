import type { Goal, GoalAlignment } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

const BADGES: Record<GoalAlignment, string> = {
  strong: 'border-sage/40 bg-sage-soft text-sage',
  drifting: 'border-accent/30 bg-accent-soft text-accent-strong',
  emerging: 'border-sand/50 bg-sand/15 text-warning',
};

interface GoalTableProps {
  goals: Goal[];
  readOnly: boolean;
  onToggle: (goal: Goal) => void;
}

/** Goal Alignment: each goal's alignment badge toggles its completion (struck through and dimmed). */
export function GoalTable({ goals, readOnly, onToggle }: GoalTableProps) {
  const { t } = useTranslation();
  return (
    <section id="goals" aria-labelledby="goals-title" className="scroll-mt-24 rounded-3xl border border-line bg-surface px-6 py-6 shadow-soft sm:px-8">
      <h2 id="goals-title" className="font-serif text-2xl font-semibold text-ink">
        {t('northStar.goals.title')}
      </h2>
      <table className="mt-4 w-full border-collapse text-left">
        <thead className="sr-only sm:not-sr-only">
          <tr className="text-xs tracking-wide text-ink-faint uppercase">
            <th scope="col" className="pb-2 font-semibold">{t('northStar.goals.goal')}</th>
            <th scope="col" className="pb-2 font-semibold">{t('northStar.goals.alignment')}</th>
            <th scope="col" className="pb-2 font-semibold">{t('northStar.goals.nextStep')}</th>
          </tr>
        </thead>
        <tbody>
          {goals.map((goal) => (
            <tr key={goal.id} data-completed={goal.completed || undefined} className={clsx('grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-line py-3 sm:table-row', goal.completed && 'opacity-55')}>
              <td className={clsx('font-medium text-ink sm:py-3 sm:pr-4', goal.completed && 'line-through')}>{goal.title}</td>
              <td className="row-span-2 self-start sm:py-3 sm:pr-4">
                <button
                  type="button"
                  aria-pressed={goal.completed}
                  disabled={readOnly}
                  aria-label={t(goal.completed ? 'northStar.goals.markOpen' : 'northStar.goals.markDone', { title: goal.title })}
                  onClick={() => onToggle(goal)}
                  className={clsx(
                    'rounded-full border px-2.5 py-1 text-xs font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
                    BADGES[goal.alignment],
                    !readOnly && 'cursor-pointer hover:brightness-95',
                  )}
                >
                  {goal.completed ? `✓ ${t('northStar.goals.completed')}` : t(`northStar.goals.${goal.alignment}`)}
                </button>
              </td>
              <td className={clsx('text-sm text-ink-soft sm:py-3', goal.completed && 'line-through')}>{goal.nextStep}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
