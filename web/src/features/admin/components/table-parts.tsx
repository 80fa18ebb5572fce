import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-error.ts';

/** Hairline rows under a quiet header that stays in view while the card scrolls. */
export const headClass = 'sticky top-0 z-10 border-b border-line bg-surface px-3 py-3 text-left text-xs font-semibold tracking-wider whitespace-nowrap text-ink-faint uppercase';
export const cellClass = 'border-b border-line bg-surface px-3 py-3 text-sm text-ink group-last:border-b-0 group-hover:bg-canvas';
/** The first column stays in place while a phone swipes the rest of the row past it. */
export const stickyHeadClass = `${headClass} left-0 z-20 border-r`;
export const stickyCellClass = `${cellClass} sticky left-0 z-[1] border-r text-left font-medium whitespace-nowrap`;
/**
 * A row's actions stay at the card's right edge from laptop widths up, so a wide table needs no
 * sideways scroll to act on a row; a phone has no room for two pinned columns and scrolls to them.
 */
export const stickyEndHeadClass = `${headClass} lg:right-0 lg:z-20 lg:border-l`;
export const stickyEndCellClass = `${cellClass} lg:sticky lg:right-0 lg:z-[1] lg:border-l`;

/**
 * The card a table lives in: it scrolls both ways inside itself (a phone keeps the page still and
 * swipes the table), and its height leaves the header sticky within the card. Positioned, so
 * absolute pieces of its cells (.sr-only labels) scroll and clip with it instead of widening the page.
 */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative max-h-[70dvh] overflow-auto rounded-2xl border border-line bg-surface shadow-soft outline-none focus-visible:ring-2 focus-visible:ring-focus">
      {children}
    </div>
  );
}

export function TableLoading() {
  const { t } = useTranslation();
  return (
    <div className="grid place-items-center rounded-2xl border border-line bg-surface py-16 text-xl text-accent shadow-soft">
      <Spinner label={t('loading')} />
    </div>
  );
}

export function TableEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center text-ink-soft">{children}</p>;
}

/** The spec's failure text; a 403 says plainly that the panel is for admins. */
export function TableError({ error, message, onRetry }: { error: Error | null; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const forbidden = isApiError(error) && error.status === 403;
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-soft px-6 py-8 text-center">
      <p className="font-medium text-danger">{forbidden ? t('admin.errors.forbidden') : message}</p>
      {forbidden ? null : (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          {t('admin.errors.retry')}
        </Button>
      )}
    </div>
  );
}

export function Count({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={clsx('text-sm text-ink-faint', className)}>{children}</p>;
}
