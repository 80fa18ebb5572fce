import { downloadFile } from './download.ts';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * One field as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break, with
 * quotes doubled. A field starting with =, +, - or @ gets a leading apostrophe, so a spreadsheet
 * opening the file shows a member's text instead of running it as a formula.
 */
export function csvField(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows, CRLF-separated as spreadsheets expect. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** `{name}-{YYYY-MM-DD}.csv` in the admin's local day (spec 002 section 7). */
export function csvFileName(name: string, now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${name}-${day}.csv`;
}

/** Saves the rows as `{name}-{date}.csv`; a byte-order mark lets Excel read accents as UTF-8. */
export function downloadCsv(name: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  downloadFile(csvFileName(name), `\uFEFF${toCsv(header, rows)}`, 'text/csv;charset=utf-8');
}
