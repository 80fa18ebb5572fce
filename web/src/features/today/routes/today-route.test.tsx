import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as TodayPage } from './today-route.tsx';

/** The spoken (full) form of the date label; phones also get a short visual form. */
const dayLabel = () => document.querySelector('time span:not([aria-hidden])');

function renderToday(path = '/today') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes([{ path: '/today', element: <TodayPage /> }], path);
}

describe('Today', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 2, 10, 8, 30) });
  });
  afterEach(() => vi.useRealTimers());

  it('greets the user by first name for the time of day and labels the day "Today"', () => {
    renderToday();
    expect(screen.getByRole('heading', { level: 1, name: 'Good morning, Ada' })).toBeInTheDocument();
    expect(dayLabel()).toHaveTextContent('Today');
    expect(document.querySelector('time')).toHaveAttribute('datetime', '2026-03-10');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Go to today' })).not.toBeInTheDocument();
  });

  it('moves through days with a long date in the header and the day in the query', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderToday();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2026-03-09');
    expect(dayLabel()).toHaveTextContent('Monday, March 9, 2026');
    expect(screen.getByText('Mon, Mar 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Go to today' }));
    expect(dayLabel()).toHaveTextContent('Today');
  });

  it('opens a day given as ?date=YYYY-MM-DD and ignores an invalid one', () => {
    const first = renderToday('/today?date=2026-02-28');
    expect(dayLabel()).toHaveTextContent('Saturday, February 28, 2026');
    first.unmount();
    renderToday('/today?date=2026-02-30');
    expect(dayLabel()).toHaveTextContent('Today');
  });

  it('welcomes a new member after sign-up and lets them dismiss the note', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderToday('/today?tour=checkin');
    expect(screen.getByRole('heading', { name: "You're in. Welcome, Ada." })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('heading', { name: /Welcome, Ada/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
