import type { Role } from '@meld/shared';
import clsx from 'clsx';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Spec 002 section 6: ADMIN red, MENTOR blue, everyone else grey. The palette has no blue, so the
 * mentor's is a muted slate-blue that sits with the paper tones in both themes.
 */
const roleTones: Record<Role, string> = {
  ADMIN: 'border-danger-line bg-danger-soft text-danger',
  MENTOR: 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
  USER: 'border-line bg-sunken text-ink-soft',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <span data-role={role} className={clsx('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', roleTones[role])}>
      {t(`admin.roles.${role}`)}
    </span>
  );
}
