import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { useDismiss } from '@/lib/use-dismiss.ts';
import type { LogExportFormat } from '../export/export-doc.ts';

const FORMATS: LogExportFormat[] = ['pdf', 'json', 'markdown'];

/** The export menu: PDF, JSON or Markdown of what the log shows. */
export function ExportMenu({ onExport, pending }: { onExport: (format: LogExportFormat) => void; pending: LogExportFormat | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useDismiss<HTMLDivElement>(open, close);
  return (
    <div ref={rootRef} className="relative">
      <Button variant="secondary" size="sm" aria-haspopup="menu" aria-expanded={open} loading={pending !== null} onClick={() => setOpen((value) => !value)}>
        {t('log.export.button')}
      </Button>
      {open ? (
        <div role="menu" className="absolute right-0 z-20 mt-2 w-40 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-soft">
          {FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="block w-full px-4 py-2 text-left text-sm text-ink hover:bg-sunken"
              onClick={() => {
                close();
                onExport(format);
              }}
            >
              {t(`log.export.${format}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
