import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { testUser } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderAt } from '@/test/render.tsx';
import { compassTrend } from '../test-kit.tsx';
import { MoodEnergyTrend } from './mood-energy-trend.tsx';

const TODAY = '2026-03-10';

/** Eight weeks: energy low in week 3 and rising since; mood steady around 60; week 5 with no entries. */
const eightWeeks = compassTrend(
  TODAY,
  [
    [60, 50, 4],
    [62, 48, 5],
    [58, 40, 3],
    [61, 45, 4],
    [null, null, 0],
    [63, 52, 5],
    [60, 58, 6],
    [62, 61, 2],
  ],
  { mood: 61, energy: 51 },
);

function renderTrend(trend = eightWeeks) {
  setSession('tok', testUser, { broadcast: false });
  const fetch = mockApi({ getCompassTrend: trend });
  return { fetch, ...renderAt(<MoodEnergyTrend />, '/today') };
}

describe('the mood and energy trend', () => {
  it('sums the weeks up in words for the figure: averages, what rose and since when, what held', async () => {
    const { fetch } = renderTrend();
    const figure = await screen.findByRole('figure');
    expect(figure).toHaveAccessibleName(
      'Over the last 8 weeks your mood averaged 61 and your energy 51. Mood has held steady around 62. Energy has risen since the week of Jan 28, from 40 to 61.',
    );
    expect(within(figure).getByRole('list', { name: 'Lines' })).toHaveTextContent('MoodEnergy');
    expect(fetch.mock.calls.map(([input]) => String(input))).toContainEqual(expect.stringMatching(/\/api\/views\/compass\/trend\?weeks=8$/));
  });

  it('gives screen readers every week in a table, and shows it on request', async () => {
    const user = userEvent.setup();
    renderTrend();
    const table = await screen.findByRole('table', { name: 'Mood and energy, weekly averages' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['60', '50', '4'],
      ['62', '48', '5'],
      ['58', '40', '3'],
      ['61', '45', '4'],
      ['No entry', 'No entry', '0'],
      ['63', '52', '5'],
      ['60', '58', '6'],
      ['62', '61', '2'],
    ]);
    expect(within(table).getAllByRole('rowheader').at(-1)).toHaveTextContent(/Mar 4\s*–\s*10/);
    // In the accessibility tree from the start; on screen only when asked.
    expect(table.parentElement).toHaveClass('sr-only');
    const toggle = screen.getByRole('button', { name: 'Show the numbers' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
    expect(table.parentElement).not.toHaveClass('sr-only');
  });

  it('says how many days it has and how many it needs before it draws anything', async () => {
    renderTrend(compassTrend(TODAY, [[null, null, 0], [null, null, 0], [null, null, 0], [null, null, 0], [null, null, 0], [null, null, 0], [70, 60, 2], [65, null, 1]], { mood: 68, energy: 60 }));
    expect(await screen.findByText('The trend appears once 7 days have a compass. You have 3 days in the last 8 weeks.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('says when mood has fallen, and an average with energy missing', async () => {
    renderTrend(compassTrend(TODAY, [[null, null, 0], [null, null, 0], [null, null, 0], [null, null, 0], [80, null, 3], [85, null, 2], [70, null, 2], [60, null, 2]], { mood: 74, energy: null }));
    expect(await screen.findByRole('figure')).toHaveAccessibleName(
      'Over the last 8 weeks your mood averaged 74; no energy was recorded. Mood has fallen since the week of Feb 18, from 85 to 60.',
    );
  });
});
