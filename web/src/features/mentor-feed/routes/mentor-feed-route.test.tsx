import type { FeedCard, MentorFeedResponse } from '@meld/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { type ApiMocks, callsTo, mockApi, when } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as FeedRedirect } from './mentor-feed-redirect-route.tsx';
import { Component as FeedPage } from './mentor-feed-route.tsx';

const card = (id: string, type: FeedCard['type'], trigger: FeedCard['trigger'], title: string, href = '/fragments'): FeedCard => ({
  id, type, trigger, title, content: `${title} content`, timestamp: '2026-11-20T12:00:00.000Z', source: 'Daily compass', sourceDetails: `${title} details`,
  primaryAction: { label: `Open ${title}`, href }, secondaryAction: { label: 'Start a coach chat', href: '/chats' }, isRead: false, canSnooze: true, canMute: true,
});
const cards = [
  card('theme-growth-career-2026-11', 'insight', 'theme-growth', 'Career is on your mind'),
  card('recharge-2026-11-18', 'nudge', 'recharge', 'Time to recharge', '/today?reflect=evening'),
  card('goal-drift-g1', 'task-nudge', 'goal-drift', 'Focus is drifting', '/library/north-star'),
];
function feedOf(list: FeedCard[]): MentorFeedResponse {
  const count = (type: FeedCard['type']) => list.filter((entry) => entry.type === type).length;
  return { cards: list, counts: { all: list.length, insights: count('insight'), nudges: count('nudge'), journal: count('journal-prompt'), tasks: count('task-nudge') }, unread: list.filter((entry) => !entry.isRead).length, unseen: 0 };
}

function renderFeed(path = '/mentor/feed', list = cards, routes: ApiMocks = {}) {
  setSession('tok', testUser, { broadcast: false });
  const spy = mockApi({ getMentorFeed: () => feedOf(list), ...routes });
  const utils = renderRoutes(
    [
      { path: '/mentor/feed', element: <FeedPage /> },
      { path: '/mentor-feed', element: <FeedRedirect /> },
      { path: '/today', element: <p>today page</p> },
      { path: '/fragments', element: <p>fragments page</p> },
    ],
    path,
  );
  return { ...utils, spy };
}
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;
const option = (title: string) => screen.getByRole('option', { name: new RegExp(title) });

describe('mentor feed', () => {
  it('lists the cards with tab counts, and keys 0-4 switch tabs', async () => {
    renderFeed();
    expect(await screen.findByText('Career is on your mind')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All/ })).toHaveTextContent('3');
    expect(screen.getByText('3 unread')).toBeInTheDocument();
    await userEvent.keyboard('2');
    expect(screen.getByRole('tab', { name: /Nudges/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('3');
    expect(screen.getByText('Nothing in this tab right now.')).toBeInTheDocument();
    await userEvent.keyboard('0');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('marks the cards seen once shown, which puts out Today\'s dot', async () => {
    const unseen = { ...feedOf(cards), unseen: 3 };
    const { spy } = renderFeed('/mentor/feed', cards, { getMentorFeed: unseen, markFeedSeen: feedOf(cards) });
    await screen.findByText('Career is on your mind');
    await waitFor(() => expect(callsTo(spy, 'markFeedSeen')).toHaveLength(1));
  });

  it('does not mark a feed with nothing unseen', async () => {
    const { spy } = renderFeed();
    await screen.findByText('Career is on your mind');
    expect(callsTo(spy, 'markFeedSeen')).toHaveLength(0);
  });

  it('moves focus with the arrows, selects with Space and a range with Shift+Space, then archives in bulk', async () => {
    const { spy } = renderFeed('/mentor/feed', cards, { updateFeedCards: () => feedOf([cards[1]!]) });
    await screen.findByText('Career is on your mind');
    await userEvent.keyboard('{ArrowDown}');
    expect(option('Career')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(option('Career')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryAllByRole('option', { selected: true })).toHaveLength(0);
    await userEvent.keyboard('{ArrowUp}{ArrowUp} {ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    const bar = screen.getByRole('toolbar', { name: '3 selected' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(bodyOf(callsTo(spy, 'updateFeedCards')[0]!)).toEqual({ ids: ['theme-growth-career-2026-11', 'recharge-2026-11-18', 'goal-drift-g1'], action: 'archive' });
  });

  it('selects a range with Shift-click and offers Mark Read and Mute Trigger', async () => {
    const { spy } = renderFeed('/mentor/feed', cards, { updateFeedCards: () => feedOf(cards.map((entry) => ({ ...entry, isRead: true }))) });
    await screen.findByText('Career is on your mind');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Career/ }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: /Focus/ }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('toolbar', { name: '3 selected' });
    expect(within(bar).getByRole('button', { name: 'Mute Trigger' })).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark Read' }));
    await waitFor(() => expect(screen.queryByText('3 unread')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(spy, 'updateFeedCards')[0]!)).toMatchObject({ action: 'read' });
  });

  it('snoozes one card for 7 days through its own route', async () => {
    const { spy } = renderFeed('/mentor/feed', cards, { updateFeedCard: when({ id: 'goal-drift-g1' }, () => feedOf(cards.slice(0, 2))) });
    await screen.findByText('Focus is drifting');
    await userEvent.click(within(option('Focus')).getByRole('button', { name: 'Snooze' }));
    await userEvent.click(within(option('Focus')).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.queryByText('Focus is drifting')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(spy, 'updateFeedCard', { id: 'goal-drift-g1' })[0]!)).toEqual({ action: 'snooze', days: 7 });
    expect(await screen.findByText('Snoozed for 7 days')).toBeInTheDocument();
  });

  it('lands the ?nudge=recharge link from /mentor-feed on the recharge card, and Enter opens its evening check-in', async () => {
    const { router, spy } = renderFeed('/mentor-feed?nudge=recharge', cards, { updateFeedCard: when({ id: 'recharge-2026-11-18' }, () => feedOf(cards)) });
    await waitFor(() => expect(option('Time to recharge')).toHaveFocus());
    expect(router.state.location.pathname).toBe('/mentor/feed');
    expect(option('Time to recharge')).toHaveAttribute('data-highlighted', 'true');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('today page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?reflect=evening');
    expect(bodyOf(callsTo(spy, 'updateFeedCard', { id: 'recharge-2026-11-18' })[0]!)).toEqual({ action: 'read' });
  });

  it('says the feed is quiet when there are no cards', async () => {
    renderFeed('/mentor/feed', []);
    expect(await screen.findByRole('heading', { name: 'Your feed is quiet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Today' })).toHaveAttribute('href', '/today');
  });
});
