import type { LogExportDoc } from './export-doc.ts';

/** The export as data: the month, zone, filters and entries exactly as the log view gave them. */
export function logToJson(doc: LogExportDoc): string {
  const { month, timeZone, exportedAt, filters, entries } = doc;
  return `${JSON.stringify({ format: 'meld-log', version: 1, month, timeZone, exportedAt, filters, count: entries.length, entries }, null, 2)}\n`;
}
