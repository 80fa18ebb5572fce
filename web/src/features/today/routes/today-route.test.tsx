import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/test/mock-api.ts';
import { compassDay, compassView, doneCompass, renderToday } from '../test-kit.tsx';
import { testConfig } from '@/test/fixtures.ts';

/** The spoken (full) form of the date label; phones also get a short visual form. */
const dayLabel = () => document.querySelector('time span:not([aria-hidden])');
const emptyView = () => compassView([compassDay('2026-03-10')]);
const segmentTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

function setup(now = new Date(2026, 2, 10, 8, 30)) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('Today', () => {
  afterEach(() => vi.useRealTimers());

  it('greets the user by first name for the time of day and labels the day "Today"', () => {
    setup();
    renderToday('/today', { getCompassView: emptyView() });
    expect(screen.getByRole('heading', { level: 1, name: 'Good morning, Ada' })).toBeInTheDocument();
    expect(dayLabel()).toHaveTextContent('Today');
    expect(document.querySelector('time')).toHaveAttribute('datetime', '2026-03-10');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Go to today' })).not.toBeInTheDocument();
    // Nothing new in the mentor feed: the avatar still leads there, without a dot.
    expect(screen.getByRole('link', { name: 'Mentor feed' })).toHaveTextContent('AL');
  });

  it.each([
    [new Date(2026, 2, 10, 2, 10), 'Still up, Ada?', 'It is late. A few honest words, then some rest.'],
    [new Date(2026, 2, 10, 7, 0), 'Good morning, Ada', 'Take a breath. What matters most today?'],
    [new Date(2026, 2, 10, 14, 0), 'Good afternoon, Ada', 'Halfway through. How is the day treating you?'],
    [new Date(2026, 2, 10, 20, 0), 'Good evening, Ada', 'Time to look back. What did today teach you?'],
  ])('at %s greets with "%s" and asks "%s"', (now, greeting, prompt) => {
    setup(now);
    renderToday('/today', { getCompassView: emptyView() });
    expect(screen.getByRole('heading', { level: 1, name: greeting })).toBeInTheDocument();
    expect(screen.getByText(prompt)).toBeInTheDocument();
  });

  it("lights the avatar's dot for unseen mentor-feed cards, and the avatar opens the feed", async () => {
    const user = setup();
    const feed = { cards: [], counts: { all: 2, insights: 0, nudges: 2, journal: 0, tasks: 0 }, unread: 2, unseen: 2 };
    const { router } = renderToday('/today', { getCompassView: emptyView(), getMentorFeed: feed });
    const link = await screen.findByRole('link', { name: 'Mentor feed, 2 new notes' });
    expect(link.querySelector('span.bg-accent')).not.toBeNull();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/mentor/feed');
  });

  it('moves through days with a long date in the header and the day in the query', async () => {
    const user = setup();
    const { router, fetch } = renderToday('/today', { getCompassView: emptyView() });
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2026-03-09');
    expect(dayLabel()).toHaveTextContent('Monday, March 9, 2026');
    expect(screen.getByText('Mon, Mar 9')).toBeInTheDocument();
    await vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/views/compass?date=2026-03-09'));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Go to today' }));
    expect(dayLabel()).toHaveTextContent('Today');
  });

  it('opens a day given as ?date=YYYY-MM-DD and ignores an invalid or future one', () => {
    setup();
    const first = renderToday('/today?date=2026-02-28', { getCompassView: emptyView() });
    expect(dayLabel()).toHaveTextContent('Saturday, February 28, 2026');
    first.unmount();
    const second = renderToday('/today?date=2026-02-30', { getCompassView: emptyView() });
    expect(dayLabel()).toHaveTextContent('Today');
    second.unmount();
    renderToday('/today?date=2026-03-11', { getCompassView: emptyView() });
    expect(dayLabel()).toHaveTextContent('Today');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('puts the compass first in the morning, and the evening first after 3 PM once the compass is done; the trend comes after both', async () => {
    setup(new Date(2026, 2, 10, 16, 0));
    const first = renderToday('/today', { getCompassView: compassView([doneCompass('2026-03-10')]) });
    await screen.findByText('Ship the draft.');
    expect(segmentTitles()).toEqual(['Evening Check-In', 'Daily Compass', 'Mood and energy']);
    first.unmount();
    renderToday('/today', { getCompassView: emptyView() });
    await screen.findByText('No morning compass data available for today.');
    expect(segmentTitles()).toEqual(['Daily Compass', 'Evening Check-In', 'Mood and energy']);
  });

  it('walks a new member through the check-in tour and drops ?tour when done', async () => {
    const user = setup();
    const { router } = renderToday('/today?tour=checkin', { getCompassView: emptyView() });
    const tour = await screen.findByRole('dialog', { name: "You're in. Welcome, Ada." });
    expect(within(tour).getByText('Step 1 of 4')).toBeInTheDocument();
    await user.click(within(tour).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Set your compass' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: /Welcome, Ada/ })).toBeInTheDocument();
    for (let step = 0; step < 3; step++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Capture anything' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the mentor tour and closes it with Escape', async () => {
    const user = setup();
    const { router } = renderToday('/today?tour=mentor', { getCompassView: emptyView() });
    expect(await screen.findByRole('dialog', { name: 'Your mentor, every evening' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('offers a new fragment and instant help from the plus menu', async () => {
    const user = setup();
    renderToday('/today', { getCompassView: emptyView() });
    await user.click(screen.getByRole('button', { name: 'Add something new' }));
    expect(screen.getByRole('menuitem', { name: 'New Fragment' })).toHaveAttribute('href', '/fragments?capture=quick');
    expect(screen.getByRole('menuitem', { name: 'Instant Help Chat' })).toHaveAttribute('href', '/c/new');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers no instant help, and no tour step about it, when only the offline demo would answer', async () => {
    const user = setup();
    renderToday('/today?tour=mentor', { getCompassView: emptyView(), getConfig: testConfig({ chatModelAvailable: false }) });
    const tour = await screen.findByRole('dialog', { name: 'Your mentor, every evening' });
    expect(within(tour).getByText('Step 1 of 1')).toBeInTheDocument();
    await user.click(within(tour).getByRole('button', { name: 'Got it' }));
    await user.click(screen.getByRole('button', { name: 'Add something new' }));
    expect(screen.getByRole('menuitem', { name: 'New Fragment' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Instant Help Chat' })).toBeNull();
  });

  it("starts today's evening check-in from New Reflection, even from another day", async () => {
    const user = setup(new Date(2026, 2, 10, 18, 0));
    const { router, fetch } = renderToday('/today?date=2026-03-08', {
      getCompassView: ({ url }) => compassView([url.includes('2026-03-08') ? compassDay('2026-03-08') : doneCompass('2026-03-10')]),
      generateQuestion: { question: 'What stood out today?', stage: 'what-happened', source: 'model' },
    });
    await screen.findByText('No reflection data available for Sunday, March 8, 2026.');
    await user.click(screen.getByRole('button', { name: 'Add something new' }));
    await user.click(screen.getByRole('menuitem', { name: 'New Reflection' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('textbox', { name: 'What stood out today?' })).toBeInTheDocument();
    expect(callsTo(fetch, 'generateQuestion')).toHaveLength(1);
  });

  it("starts today's evening check-in when the shell's quick-add sends ?reflect=evening", async () => {
    setup(new Date(2026, 2, 10, 18, 0));
    const { router } = renderToday('/today?reflect=evening', {
      getCompassView: compassView([doneCompass('2026-03-10')]),
      generateQuestion: { question: 'What stood out today?', stage: 'what-happened', source: 'model' },
    });
    expect(await screen.findByRole('textbox', { name: 'What stood out today?' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
