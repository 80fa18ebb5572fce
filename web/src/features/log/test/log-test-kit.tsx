import type { LogDayCount, LogEntry, LogViewResponse } from '@meld/shared';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi, type MockHandler } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as LogPage } from '../routes/log-route.tsx';
import { pdfFontRequests } from './pdf-fonts-on-disk.ts';

const blank = { title: null, aiEcho: null, echoSource: null, prompt: null, mood: null, energy: null, isPinned: false, tags: [], impact: [] };

export const sampleEntries: LogEntry[] = [
  { ...blank, id: 'win:w1', type: 'win', title: 'Led the retro', content: 'The team agreed on two changes.', timestamp: '2026-11-12T10:00:00.000Z', date: '2026-11-12', valueTag: 'Impact', tags: ['Win'], impact: ['Shorter standups', 'A clear owner per action'], link: '/library/wins-vault?win=w1' },
  { ...blank, id: 'fragment:f1', type: 'fragment', content: 'Ask before assuming.', timestamp: '2026-11-10T09:00:00.000Z', date: '2026-11-10', valueTag: 'Learning', tags: ['habits'], isPinned: true, link: '/fragments?id=f1' },
  {
    ...blank,
    id: 'reflection:r1',
    type: 'reflection',
    content: 'A slow but honest day.',
    prompt: 'What slowed you down?',
    aiEcho: 'Your pace follows your energy; protect your mornings.',
    echoSource: 'model',
    timestamp: '2026-11-03T19:00:00.000Z',
    date: '2026-11-03',
    valueTag: 'Insight',
    link: '/today?date=2026-11-03',
  },
  { ...blank, id: 'compass:2026-11-03', type: 'compass', content: 'Prepare the board deck', mood: 80, energy: 35, timestamp: '2026-11-03T08:00:00.000Z', date: '2026-11-03', valueTag: 'Growth', link: '/today?date=2026-11-03' },
];

function daysOf(month: string, entries: readonly LogEntry[]): LogDayCount[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => {
    const date = `${month}-${String(index + 1).padStart(2, '0')}`;
    return { date, count: entries.filter((entry) => entry.date === date).length };
  });
}

export function logView(entries: readonly LogEntry[] = sampleEntries, month = '2026-11', days?: LogDayCount[]): LogViewResponse {
  return { month, timeZone: 'UTC', today: '2026-11-22', firstMonth: '2026-09', lastMonth: '2026-11', entries: [...entries], days: days ?? daysOf(month, entries) };
}

export function mockLog(view: LogViewResponse | MockHandler<'getLogView'> = logView()) {
  return mockApi({ getLogView: typeof view === 'function' ? view : () => view }, pdfFontRequests());
}

export function renderLog(path = '/log') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/log', element: <LogPage /> },
      { path: '/today', element: <p>today page</p> },
    ],
    path,
  );
}
