import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { balanceQuery } from '@/lib/balance-queries.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** "Balance: 12,345" and the next refill, when the operator has balances on (spec 000 section 7). */
export function BalanceSummary() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(balanceQuery);
  if (!data?.enabled) return null;
  const amount = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(data.tokenCredits);
  const nextRefill = data.autoRefillEnabled && data.nextRefill ? new Date(data.nextRefill) : null;
  return (
    <div role="group" aria-label={t('shell.userMenu.balanceLabel')} className="border-b border-line px-3 pt-2 pb-2.5">
      <p className="text-sm font-medium text-ink tabular-nums">{t('shell.userMenu.balance', { amount })}</p>
      {nextRefill ? (
        <p className="mt-0.5 text-xs text-ink-faint">
          {t('shell.userMenu.nextRefill', { date: dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(nextRefill) })}
        </p>
      ) : null}
    </div>
  );
}
