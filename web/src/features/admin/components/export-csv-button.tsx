import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Count } from './table-parts.tsx';

/** The file is written in the browser from the rows already loaded (spec 002 section 7). */
export function ExportCsvButton({ onExport }: { onExport: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" size="sm" onClick={onExport}>
      <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M8 2.5v7.5M4.75 7 8 10.25 11.25 7M3 13.5h10" />
      </svg>
      {t('adminSignups.exportCsv')}
    </Button>
  );
}

/** The line above a table: how many rows, and what can be done with all of them. */
export function TableToolbar({ count, children }: { count: ReactNode; children: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
      <Count>{count}</Count>
      <div className="flex items-center gap-2">{children}</div>
    </div>
  );
}
