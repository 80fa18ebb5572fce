import type { LogEntry } from '@meld/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { exportFileName, type LogExportDoc, type LogExportLabels } from './export-doc.ts';
import { logToJson } from './log-json.ts';
import { logToMarkdown } from './log-markdown.ts';
import { pdfFontsOnDisk } from '../test/pdf-fonts-on-disk.ts';
import { logToPdf } from './log-pdf.ts';

const base = { title: null, aiEcho: null, echoSource: null, prompt: null, mood: null, energy: null, isPinned: false, tags: [], impact: [] };
const entries: LogEntry[] = [
  { ...base, id: 'win:1', type: 'win', title: 'Shipped the pilot 🎯', content: 'Live for 40 people', timestamp: '2026-11-05T09:00:00.000Z', date: '2026-11-05', valueTag: 'Impact', tags: ['Win'], impact: ['40 people onboarded', 'Two weeks early'], isPinned: true, link: '/library/wins-vault?win=1' },
  { ...base, id: 'reflection:r1', type: 'reflection', content: 'I rush when tired.\nTomorrow: slower.', prompt: 'What slowed you down?', aiEcho: 'Your pace follows your energy.', echoSource: 'model', timestamp: '2026-11-03T19:00:00.000Z', date: '2026-11-03', valueTag: 'Insight', link: '/today?date=2026-11-03' },
  { ...base, id: 'compass:2026-11-03', type: 'compass', content: 'Prepare the deck', mood: 80, energy: 35, timestamp: '2026-11-03T08:00:00.000Z', date: '2026-11-03', valueTag: 'Growth', link: '/today?date=2026-11-03' },
];
const doc: LogExportDoc = { month: '2026-11', timeZone: 'Europe/Berlin', exportedAt: '2026-11-22T12:00:00.000Z', filters: { types: [], value: null, search: '' }, entries };
const labels: LogExportLabels = {
  title: 'Meld log — November 2026',
  summary: '3 entries · Europe/Berlin',
  dayHeading: (date) => `Day ${date}`,
  time: (timestamp) => timestamp.slice(11, 16),
  type: (type) => ({ compass: 'Daily compass', reflection: 'Evening reflection', fragment: 'Fragment', weave: 'Woven reflection', win: 'Win', coach: 'Coach highlight' })[type],
  value: (value) => value,
  prompt: 'Question',
  aiEcho: 'AI echo',
  summaryEcho: 'Summary',
  mood: 'Mood',
  energy: 'Energy',
  tags: 'Tags',
  impact: 'Impact',
  pinned: 'Pinned',
  empty: 'No entries.',
};

/** The PDF's text as a PDF reader extracts it (pdf.js), pages joined. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('log exports', () => {
  const fonts = pdfFontsOnDisk();

  it('names the files after the month', () => {
    expect(exportFileName('2026-11', 'markdown')).toBe('meld-log-2026-11.md');
    expect(exportFileName('2026-11', 'pdf')).toBe('meld-log-2026-11.pdf');
    expect(exportFileName('2026-11', 'json')).toBe('meld-log-2026-11.json');
  });

  it('writes JSON that parses back to the same entries', () => {
    const parsed = JSON.parse(logToJson(doc)) as { month: string; timeZone: string; count: number; entries: LogEntry[] };
    expect(parsed).toMatchObject({ month: '2026-11', timeZone: 'Europe/Berlin', count: 3 });
    expect(parsed.entries).toEqual(entries);
  });

  it('writes Markdown with the title, a heading per day and per entry, and the AI echo quoted', () => {
    const markdown = logToMarkdown(doc, labels);
    const headings = markdown.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# Meld log — November 2026',
      '## Day 2026-11-05',
      '### Shipped the pilot 🎯 · Impact · 09:00',
      '## Day 2026-11-03',
      '### Evening reflection · Insight · 19:00',
      '### Daily compass · Growth · 08:00',
    ]);
    expect(markdown).toContain('*Question: What slowed you down?*');
    expect(markdown).toContain('> AI echo: Your pace follows your energy.');
    expect(markdown).toContain('I rush when tired.\nTomorrow: slower.');
    expect(markdown).toContain('Mood 80 · Energy 35');
    expect(markdown).toContain('Tags: Win\n');
    expect(markdown).toContain('_Pinned_');
  });

  it('keeps a win’s impact points, and Pinned apart from its tags, in every format', async () => {
    const markdown = logToMarkdown(doc, labels);
    expect(markdown).toContain('Impact:\n\n- 40 people onboarded\n- Two weeks early\n');
    expect(markdown).toContain('Tags: Win\n');
    expect(markdown).not.toMatch(/Tags:.*Pinned/);
    const [win] = (JSON.parse(logToJson(doc)) as { entries: LogEntry[] }).entries;
    expect(win).toMatchObject({ impact: ['40 people onboarded', 'Two weeks early'], isPinned: true, tags: ['Win'] });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await logToPdf(doc, labels, fonts.load))), { mergePages: true });
    for (const expected of ['Impact', '• 40 people onboarded', '• Two weeks early', 'Tags: Win', 'Pinned']) expect(text).toContain(expected);
    expect(text).not.toMatch(/Tags:[^\n]*Pinned/);
  });

  it('labels a template summary as a summary, never as an AI echo', () => {
    const templated = entries.map((entry) => (entry.aiEcho ? { ...entry, echoSource: 'template' as const } : entry));
    const markdown = logToMarkdown({ ...doc, entries: templated }, labels);
    expect(markdown).toContain('> Summary: Your pace follows your energy.');
    expect(markdown).not.toContain('AI echo');
  });

  it('writes a PDF whose text holds every entry', async () => {
    const bytes = await logToPdf(doc, labels, fonts.load);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of ['Meld log — November 2026', 'Day 2026-11-05', 'Shipped the pilot 🎯 · Impact · 09:00', 'Live for 40 people', 'Question: What slowed you down?', 'AI echo: Your pace follows your energy.', 'Mood 80 · Energy 35', 'Prepare the deck']) {
      expect(text).toContain(expected);
    }
  });

  it('prints every character a member can type, and their line breaks as line breaks', async () => {
    const typed = [
      'Zażółć gęślą jaźń — Straße, café, naïve, Ærøskøbing, office',
      '“Curly” ‘quotes’ … and €12 • Привет, Γειά σου',
      'Sparkles ✨ and 😀 👍 ❤️ 👩‍💻 🇩🇪 done ✓ ★ → ≠ ∞',
    ];
    const weave = { ...base, id: 'weave:w1', type: 'weave' as const, title: 'Woven ✨ reflection', content: `${typed.join('\n')}\r\nlast line, cafe\u0301 decomposed\u2028after a separator`, timestamp: '2026-11-06T09:00:00.000Z', date: '2026-11-06', valueTag: 'Insight' as const, link: '/log' };
    const text = await pdfText(await logToPdf({ ...doc, entries: [weave] }, labels, fonts.load));
    expect(text).not.toContain('?');
    expect(text).toContain('Woven ✨ reflection · Insight · 09:00');
    // Each typed line is a line of its own in the PDF: the extracted text has them one per line.
    const lines = text.split('\n').map((line) => line.trim());
    for (const line of [...typed, 'last line, café decomposed', 'after a separator']) expect(lines).toContain(line);
    expect(fonts.asked).toEqual(expect.arrayContaining(['regular', 'bold', 'italic', 'emoji', 'symbols', 'math']));
  });

  it('prints a character no font here draws (CJK) as its code point, never "?" or a box', async () => {
    const text = await pdfText(await logToPdf({ ...doc, entries: [{ ...entries[2]!, content: '你好 means hello' }] }, labels, fonts.load));
    expect(text).toContain('[U+4F60][U+597D] means hello');
  });

  it('loads no fallback font for text the text font draws', async () => {
    const latin = pdfFontsOnDisk();
    await logToPdf({ ...doc, entries: [entries[2]!] }, labels, latin.load);
    expect(latin.asked.sort()).toEqual(['bold', 'italic', 'regular']);
  });

  it('pages a long month onto more than one PDF page', async () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ ...entries[2]!, id: `compass:${index}`, content: `Intention number ${index} `.repeat(8) }));
    const proxy = await getDocumentProxy(new Uint8Array(await logToPdf({ ...doc, entries: many }, labels, fonts.load)));
    expect(proxy.numPages).toBeGreaterThan(2);
    const { text } = await extractText(proxy, { mergePages: true });
    expect(text).toContain('Intention number 79');
  });
});
