import { byDay, entryDetails, entryHeading, type LogExportDoc, type LogExportLabels } from './export-doc.ts';

/** Markdown that reads well as text: a title, a heading per day, one per entry, quotes for the coach. */
export function logToMarkdown(doc: LogExportDoc, labels: LogExportLabels): string {
  const lines = [`# ${labels.title}`, '', `_${labels.summary}_`, ''];
  if (doc.entries.length === 0) lines.push(labels.empty, '');
  for (const [date, entries] of byDay(doc.entries)) {
    lines.push(`## ${labels.dayHeading(date)}`, '');
    for (const entry of entries) {
      const details = entryDetails(entry, labels);
      lines.push(`### ${entryHeading(entry, labels)}`, '');
      if (details.prompt) lines.push(`*${details.prompt}*`, '');
      if (details.sliders) lines.push(details.sliders, '');
      if (entry.content.trim()) lines.push(entry.content.trim(), '');
      if (details.aiEcho) lines.push(...details.aiEcho.split('\n').map((line) => `> ${line}`), '');
      if (details.impact) lines.push(`${details.impact.label}:`, '', ...details.impact.points.map((point) => `- ${point}`), '');
      if (details.tags) lines.push(details.tags, '');
      if (details.pinned) lines.push(`_${details.pinned}_`, '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
