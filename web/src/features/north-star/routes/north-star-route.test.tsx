import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, held, when } from '@/test/mock-api.ts';
import { bodyOf, fakeIntersection, mockNorthStar, readiness, ready, renderNorthStar, version } from '../test/north-star-test-kit.tsx';

const headline = 'You are becoming the person who finishes what matters.';

describe('North-Star narrative', () => {
  it('shows the headline, three chapters, the goals and the rail the narrative rests on', async () => {
    mockNorthStar();
    renderNorthStar();
    expect(await screen.findByRole('heading', { name: headline })).toBeInTheDocument();
    expect(screen.getByText('Dominant value: Growth')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([headline, 'What you keep choosing', 'Where the energy went', 'Pointing forward', 'Goal Alignment', 'Data Sources', 'Confidence', 'What Changed']);
    expect(screen.getByText('choosing the harder conversation').tagName).toBe('MARK');
    const meter = screen.getByRole('meter', { name: 'Confidence' });
    expect(meter).toHaveAttribute('aria-valuenow', '64');
    expect(meter).toHaveAttribute('data-band', 'fair');
    expect(screen.getByText('Based on last 45 days')).toBeInTheDocument();
    // Each source opens its latest entry where it lives.
    expect(screen.getByRole('link', { name: /^Latest Nov 18\s?, Wins$/ })).toHaveAttribute('href', '/library/wins-vault?win=w-launch');
    expect(screen.getByRole('link', { name: /^Latest Nov 19\s?, Daily compass check-ins$/ })).toHaveAttribute('href', '/today?date=2026-11-19');
    expect(screen.getByText('Coverage').nextSibling).toHaveTextContent('40%');
    expect(screen.getByText('Daily compass check-ins').nextSibling).toHaveTextContent('12 entries');
    expect(within(screen.getByRole('region', { name: 'What Changed' })).getByText('New goal: Protect morning focus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Reflection' })).toHaveAttribute('href', '/today?reflect=evening');
  });

  it('edits a chapter in place: Save marks it edited and says "Chapter updated"; Cancel leaves it as it was', async () => {
    const edited = version();
    edited.chapters[1] = { ...edited.chapters[1]!, content: 'Slower weeks, better decisions.', isEdited: true, wordCount: 4 };
    const spy = mockNorthStar(ready(), { updateNorthStarChapter: when({ id: 'v2', chapterId: 'momentum' }, () => edited) });
    const user = userEvent.setup();
    renderNorthStar();
    await user.click(await screen.findByRole('button', { name: 'Edit “Where the energy went”' }));
    const text = screen.getByRole('textbox', { name: 'Text of “Where the energy went”' });
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A chapter cannot be empty.')).toBeInTheDocument();
    expect(callsTo(spy, 'updateNorthStarChapter', { id: 'v2', chapterId: 'momentum' })).toHaveLength(0);
    await user.type(text, 'Slower weeks, better decisions.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Chapter updated')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'updateNorthStarChapter', { id: 'v2', chapterId: 'momentum' })[0]!)).toEqual({ content: 'Slower weeks, better decisions.' });
    expect(screen.getByText('Slower weeks, better decisions.')).toBeInTheDocument();
    expect(screen.getByText('Edited')).toBeInTheDocument();
    expect(screen.getByText('4 words')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit “Pointing forward”' }));
    await user.type(screen.getByRole('textbox', { name: 'Text of “Pointing forward”' }), ' And more.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your notes point toward leading the next launch.')).toBeInTheDocument();
    expect(callsTo(spy, 'updateNorthStarChapter', { id: 'v2', chapterId: 'direction' })).toHaveLength(0);
  });

  it('toggles a goal’s completion from its alignment badge: struck through and dimmed, "Goal status updated"', async () => {
    const done = version();
    done.goals[1] = { ...done.goals[1]!, completed: true };
    const spy = mockNorthStar(ready(), { updateNorthStarGoal: when({ id: 'v2', goalId: 'goal-2' }, () => done) });
    const user = userEvent.setup();
    renderNorthStar();
    await user.click(await screen.findByRole('button', { name: 'Mark “Protect morning focus” completed' }));
    expect(await screen.findByText('Goal status updated')).toBeInTheDocument();
    expect(bodyOf(callsTo(spy, 'updateNorthStarGoal', { id: 'v2', goalId: 'goal-2' })[0]!)).toEqual({ completed: true });
    const badge = screen.getByRole('button', { name: 'Mark “Protect morning focus” not completed' });
    expect(badge).toHaveAttribute('aria-pressed', 'true');
    const row = badge.closest('tr')!;
    expect(row).toHaveClass('opacity-55');
    expect(within(row).getByText('Protect morning focus')).toHaveClass('line-through');
  });

  it('opens the history with Ctrl+Shift+H and reads an older version read-only', async () => {
    const older = version({ id: 'v1', createdAt: '2026-11-10T09:00:00.000Z', headline: 'An earlier headline about steadiness.', confidence: 41, changes: [] });
    mockNorthStar(ready(version(), [older]), { getNorthStarVersion: when({ id: 'v1' }, () => older) });
    const user = userEvent.setup();
    renderNorthStar();
    await screen.findByRole('heading', { name: headline });
    await user.keyboard('{Control>}{Shift>}H{/Shift}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const entries = within(dialog).getAllByRole('button').filter((button) => button.textContent?.includes('Confidence'));
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/Nov 20, 2026.*Confidence 64.*Current.*finishes what matters.*New goal: Protect morning focus/),
      expect.stringMatching(/Nov 10, 2026.*Confidence 41.*An earlier headline about steadiness\..*First version/),
    ]);
    await user.click(entries[1]!);

    expect(await screen.findByRole('heading', { name: 'An earlier headline about steadiness.' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('You are reading the version of Nov 10, 2026. It is read-only.');
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark “Lead the next launch” completed' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back to the latest' }));
    expect(await screen.findByRole('heading', { name: headline })).toBeInTheDocument();
  });

  it('shows the Jump-to nav only once the hero has left the view, and jumps to the goals', async () => {
    const setHeroInView = fakeIntersection();
    mockNorthStar();
    const user = userEvent.setup();
    renderNorthStar();
    await screen.findByRole('heading', { name: headline });
    expect(screen.queryByRole('navigation', { name: 'Jump to' })).not.toBeInTheDocument();
    act(() => setHeroInView(false));
    const nav = screen.getByRole('navigation', { name: 'Jump to' });
    const goals = document.getElementById('goals')!;
    goals.scrollIntoView = vi.fn();
    await user.click(within(nav).getByRole('button', { name: 'Goals' }));
    expect(goals.scrollIntoView).toHaveBeenCalled();
    act(() => setHeroInView(true));
    expect(screen.queryByRole('navigation', { name: 'Jump to' })).not.toBeInTheDocument();
  });

  it('says what is missing when there is not enough data yet, instead of a narrative', async () => {
    mockNorthStar({ status: 'insufficient-data', narrative: null, versions: [], readiness: { ...readiness, daysWithEntries: 2, daysNeeded: 3, coachConfigured: false, canGenerate: false } });
    renderNorthStar();
    expect(await screen.findByRole('heading', { name: 'Not enough to go on yet' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Days with entries in the last 45 days' })).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('2 of 5 days with entries in the last 45 days')).toBeInTheDocument();
    expect(screen.getByText(/Record something on 3 more days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Today' })).toHaveAttribute('href', '/today');
  });

  it('without a coach, says the record is enough (never "6 of 5"), with no operator instructions, and shows what needs no model', async () => {
    const sources = [{ type: 'win' as const, key: 'wins' as const, title: 'Wins', date: '2026-11-18', count: 2, preview: 'Shipped the launch', link: '/library/wins-vault?win=w-launch' }];
    mockNorthStar({ status: 'insufficient-data', narrative: null, versions: [], readiness: { ...readiness, daysWithEntries: 6, daysNeeded: 0, coachConfigured: false, canGenerate: false, dataSources: sources } });
    renderNorthStar();
    expect(await screen.findByRole('heading', { name: 'Your record is ready; the narrative is not written here yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not enough to go on yet' })).not.toBeInTheDocument();
    expect(screen.getByText('6 days with entries in the last 45 days: enough (a narrative needs 5)')).toBeInTheDocument();
    expect(screen.queryByText(/of 5 days/)).not.toBeInTheDocument();
    expect(screen.queryByText(/administrator|configure/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Latest Nov 18\s?, Wins$/ })).toHaveAttribute('href', '/library/wins-vault?win=w-launch');
    expect(screen.getByRole('meter', { name: 'Confidence' })).toHaveAttribute('aria-valuenow', '40');
  });

  it('regenerates with progress, and the new version replaces the view', async () => {
    const regeneration = held<'regenerateNorthStar'>();
    const next = version({ id: 'v3', headline: 'You lead from the front now.', changes: [{ type: 'change', target: 'headline', text: 'New headline' }] });
    mockNorthStar(ready(), { regenerateNorthStar: regeneration.handler });
    const user = userEvent.setup();
    renderNorthStar();
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(screen.getByRole('progressbar', { name: 'Writing your narrative…' })).toBeInTheDocument();
    regeneration.answer(ready(next, [version()]));
    expect(await screen.findByRole('heading', { name: 'You lead from the front now.' })).toBeInTheDocument();
    expect(screen.getByText('Your new narrative is ready')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What Changed' })).getByText('New headline')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('counts the days to the next update once it is 5 or fewer away, and says when one is due', async () => {
    const day = 86_400_000;
    mockNorthStar(ready(version({ nextUpdateDue: new Date(Date.now() + 3.5 * day).toISOString() })));
    const first = renderNorthStar();
    expect(await screen.findByText('Next update due in 4 days')).toBeInTheDocument();
    first.unmount();

    mockNorthStar(ready(version({ nextUpdateDue: new Date(Date.now() + 6.5 * day).toISOString() })));
    const second = renderNorthStar();
    await screen.findByRole('heading', { name: headline });
    expect(screen.queryByText(/Next update due/)).not.toBeInTheDocument();
    second.unmount();

    mockNorthStar(ready(version({ nextUpdateDue: new Date(Date.now() - day).toISOString() })));
    renderNorthStar();
    expect(await screen.findByText('A new version is due: regenerate when you are ready')).toBeInTheDocument();
  });

  it('copies the headline with Share headline', async () => {
    mockNorthStar();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderNorthStar();
    await user.click(await screen.findByRole('button', { name: 'Share headline' }));
    expect(writeText).toHaveBeenCalledWith(headline);
    expect(await screen.findByText('Headline copied to clipboard')).toBeInTheDocument();
  });
});
