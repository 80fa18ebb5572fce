import type { LogEntry, LogEntryType, LogValue } from '@meld/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { downloadFile } from '@/lib/download.ts';
import { showToast } from '@/lib/toast.ts';
import { EXPORT_TYPES, exportFileName, type LogExportDoc, type LogExportFormat, type LogExportLabels } from '../export/export-doc.ts';
import { logToJson } from '../export/log-json.ts';
import { logToMarkdown } from '../export/log-markdown.ts';
import type { LogFilters } from './log-filter.ts';
import { dayHeading, monthLabel, timeOf } from './log-format.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** Spec 002 section 8: "Exported to {target}", about 2 s. */
const EXPORT_TOAST_MS = 2000;

export interface ExportSource {
  month: string;
  timeZone: string;
  entries: LogEntry[];
  filters: LogFilters;
}

/**
 * Exports what the log shows (the filtered month) as a file. The PDF writer (pdf-lib) loads only
 * when a PDF is asked for, so the log page itself stays light.
 */
export function useLogExport() {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<LogExportFormat | null>(null);

  const exportAs = useCallback(
    async (format: LogExportFormat, source: ExportSource) => {
      const language = i18n.language;
      const exportedAt = new Date().toISOString();
      const doc: LogExportDoc = { month: source.month, timeZone: source.timeZone, exportedAt, filters: source.filters, entries: source.entries };
      const labels: LogExportLabels = {
        title: t('log.export.title', { month: monthLabel(source.month, language) }),
        summary: t('log.export.summary', { count: source.entries.length, timeZone: source.timeZone, date: dateFormat(language).format(new Date(exportedAt)) }),
        dayHeading: (date) => dayHeading(date, language),
        time: (timestamp) => timeOf(timestamp, source.timeZone, language),
        type: (type: LogEntryType) => t(`log.types.${type}`),
        value: (value: LogValue) => t(`log.values.${value}`),
        prompt: t('log.entry.prompt'),
        aiEcho: t('log.entry.aiEcho'),
        summaryEcho: t('log.entry.summaryEcho'),
        mood: t('log.entry.mood'),
        energy: t('log.entry.energy'),
        tags: t('log.entry.tags'),
        impact: t('log.entry.impact'),
        pinned: t('log.entry.pinned'),
        empty: t('log.export.empty'),
      };
      setPending(format);
      try {
        let content: BlobPart;
        if (format === 'pdf') {
          const { logToPdf } = await import('../export/log-pdf.ts');
          content = new Uint8Array(await logToPdf(doc, labels));
        } else {
          content = format === 'json' ? logToJson(doc) : logToMarkdown(doc, labels);
        }
        downloadFile(exportFileName(source.month, format), content, EXPORT_TYPES[format]);
        showToast({ message: t('log.export.done', { target: t(`log.export.${format}`) }), severity: 'success', duration: EXPORT_TOAST_MS });
      } catch {
        showToast({ message: t('log.export.failed'), severity: 'error' });
      } finally {
        setPending(null);
      }
    },
    [t, i18n.language],
  );

  return { exportAs, pending };
}
