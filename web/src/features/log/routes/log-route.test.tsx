import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { blobBytes, captureDownloads } from '@/test/capture-downloads.ts';
import { callsTo, fail } from '@/test/mock-api.ts';
import { logView, mockLog, renderLog, sampleEntries } from '../test/log-test-kit.tsx';

const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('Log page', () => {
  it('shows the month\'s entries as cards with type, value tag, AI echo and a link to the source', async () => {
    mockLog();
    renderLog();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Led the retro' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/today');
    expect(titles()).toEqual(['Led the retro', 'Fragment', 'Evening reflection', 'Daily compass']);
    const reflection = screen.getAllByRole('article')[2]!;
    expect(reflection).toHaveTextContent('What slowed you down?');
    expect(reflection).toHaveTextContent('AI echo');
    expect(reflection).toHaveTextContent('Your pace follows your energy');
    expect(reflection).toHaveTextContent('Insight');
    expect(within(reflection).getByRole('link', { name: 'Open source' })).toHaveAttribute('href', '/today?date=2026-11-03');
    expect(screen.getAllByRole('article')[3]).toHaveTextContent('Mood 80 · Energy 35');
    const impact = within(screen.getAllByRole('article')[0]!).getByRole('list', { name: 'Impact' });
    expect(within(impact).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Shorter standups', 'A clear owner per action']);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-11');
  });

  it('labels a summary the template wrote as a summary, not an AI echo', async () => {
    mockLog(logView(sampleEntries.map((entry) => (entry.aiEcho ? { ...entry, echoSource: 'template' as const } : entry))));
    renderLog();
    const reflection = (await screen.findAllByRole('article'))[2]!;
    expect(reflection).toHaveTextContent('SummaryYour pace follows your energy');
    expect(reflection).not.toHaveTextContent('AI echo');
  });

  it('filters by entry type and by value, and clears the filters', async () => {
    mockLog();
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    const rail = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(rail).getByRole('button', { name: 'Evening reflection' }));
    await user.click(within(rail).getByRole('button', { name: 'Win' }));
    expect(titles()).toEqual(['Led the retro', 'Evening reflection']);
    await user.click(within(rail).getByRole('button', { name: 'Impact' }));
    expect(titles()).toEqual(['Led the retro']);
    await user.click(within(rail).getByRole('button', { name: 'Learning' }));
    expect(screen.getByText('No entries match these filters.')).toBeInTheDocument();
    await user.click(within(rail).getByRole('button', { name: 'Clear filters' }));
    expect(titles()).toHaveLength(4);
  });

  it('shows a coach highlight under its thread title, linking to the thread, and filters to it by type', async () => {
    const highlight = {
      ...sampleEntries[1]!,
      id: 'coach:t1:m1',
      type: 'coach' as const,
      title: 'Preparing the offsite',
      content: 'Ask the team what they need first.',
      isPinned: false,
      tags: [],
      valueTag: 'Connection' as const,
      link: '/chats?thread=t1',
    };
    mockLog(logView([...sampleEntries, highlight]));
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Preparing the offsite' });
    const rail = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(rail).getByRole('button', { name: 'Coach highlight' }));
    expect(titles()).toEqual(['Preparing the offsite']);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Coach highlight');
    expect(card).toHaveTextContent('Ask the team what they need first.');
    expect(within(card).getByRole('link', { name: 'Open source' })).toHaveAttribute('href', '/chats?thread=t1');
  });

  it('searches the content and the AI echo', async () => {
    mockLog();
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    const search = within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('searchbox', { name: 'Search the log' });
    await user.type(search, 'PROTECT your mornings');
    expect(titles()).toEqual(['Evening reflection']);
    await user.clear(search);
    await user.type(search, 'board deck');
    expect(titles()).toEqual(['Daily compass']);
  });

  it('draws a bar per day, 4 px for a quiet day up to 48 px for the busiest', async () => {
    const days = logView().days.map((day) => ({ ...day, count: day.date === '2026-11-03' ? 20 : day.date === '2026-11-10' ? 1 : day.date === '2026-11-12' ? 10 : 0 }));
    mockLog(logView(sampleEntries, '2026-11', days));
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    const rail = screen.getByRole('complementary', { name: 'Filters' });
    const bars = within(rail).getAllByTestId('log-day-bar');
    expect(bars).toHaveLength(30);
    const height = (date: string) => (bars.find((bar) => bar.dataset.date === date)!.firstElementChild as HTMLElement).style.height;
    expect(height('2026-11-03')).toBe('48px');
    expect(height('2026-11-12')).toBe('24px');
    expect(height('2026-11-10')).toBe('4px');
    expect(height('2026-11-01')).toBe('4px');
    expect(within(rail).getByRole('button', { name: 'Nov 3: 20 entries' })).toBeInTheDocument();
    expect(within(rail).getByRole('link', { name: 'Jump to Nov 12' })).toBeInTheDocument();
  });

  it('loads another month from the picker', async () => {
    const spy = mockLog(({ query }) => query.get('month') === '2026-10' ? logView([], '2026-10') : logView());
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['2026-11', '2026-10', '2026-09']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-10');
    expect(await screen.findByRole('heading', { name: 'Nothing logged in October 2026' })).toBeInTheDocument();
    expect(callsTo(spy, 'getLogView')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();
  });

  it('opens the filter sheet with its search box focused from the header\'s Search where the rail is hidden', async () => {
    mockLog();
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('searchbox', { name: 'Search the log' })).toHaveFocus();
    await user.keyboard('retro');
    await user.keyboard('{Escape}');
    expect(titles()).toEqual(['Led the retro']);
  });

  it('says so when the log cannot load, and tries again', async () => {
    let failing = true;
    mockLog(() => (failing ? fail(500, { code: 'INTERNAL_ERROR', message: 'boom' }) : logView()));
    const user = userEvent.setup();
    renderLog();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading your log');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Led the retro' })).toBeInTheDocument();
  });
});

describe('Log export', () => {
  it('downloads the filtered month as Markdown, JSON and PDF named after the month', async () => {
    const downloads = captureDownloads();
    mockLog();
    const user = userEvent.setup();
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    await user.click(within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('button', { name: 'Win' }));
    for (const format of ['Markdown', 'JSON', 'PDF']) {
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(screen.getByRole('menuitem', { name: format }));
      expect(await screen.findByText(`Exported to ${format}`)).toBeInTheDocument();
    }
    expect(downloads.files.map((file) => [file.name, file.blob.type])).toEqual([
      ['meld-log-2026-11.md', 'text/markdown;charset=utf-8'],
      ['meld-log-2026-11.json', 'application/json'],
      ['meld-log-2026-11.pdf', 'application/pdf'],
    ]);
    const [markdown, json, pdf] = await Promise.all(downloads.files.map((file) => blobBytes(file.blob)));
    const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
    expect(text(markdown)).toContain('# Meld log — November 2026');
    expect(text(markdown)).toContain('### Led the retro · Impact');
    expect(text(markdown)).not.toContain('Ask before assuming.');
    expect((JSON.parse(text(json)) as { entries: { id: string }[] }).entries.map((entry) => entry.id)).toEqual(['win:w1']);
    expect(text(pdf?.slice(0, 5))).toBe('%PDF-');
    // The page fetched the PDF's font files (build assets) and wrote the win with them.
    const { text: printed } = await extractText(await getDocumentProxy(new Uint8Array(pdf!)), { mergePages: true });
    expect(printed).toContain('Led the retro · Impact');
  });
});

describe('Log timeline', () => {
  it('groups entries under date headers and offers Today after 1000 px of scroll', async () => {
    mockLog();
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderLog();
    await screen.findByRole('heading', { name: 'Led the retro' });
    await user.click(screen.getByRole('button', { name: 'Timeline' }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(expect.arrayContaining(['Thursday, November 12', 'Tuesday, November 3']));
    expect(screen.queryByRole('button', { name: /Today/ })).not.toBeInTheDocument();
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 1200, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await user.click(screen.getByRole('button', { name: /Today/ }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: /Today/ })).not.toBeInTheDocument();
  });
});
