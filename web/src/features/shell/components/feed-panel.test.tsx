import { DEFAULT_USER_SETTINGS, type FeedCard } from '@meld/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { setViewportWidth } from '@/test/match-media.ts';
import { renderRoutes } from '@/test/render.tsx';
import { ShellLayout } from '../routes/shell-route.tsx';

const card = (id: string, title: string, isRead: boolean): FeedCard => ({
  id, type: 'nudge', trigger: 'recharge', title, content: '', timestamp: '2026-11-20T12:00:00.000Z', source: 'Daily compass', sourceDetails: '',
  primaryAction: { label: 'Open evening check-in', href: '/today?reflect=evening' }, secondaryAction: null, isRead, canSnooze: true, canMute: true,
});
const feed = { cards: [card('a', 'An older read card', true), card('b', 'Time to recharge', false)], counts: { all: 2, insights: 0, nudges: 2, journal: 0, tasks: 0 }, unread: 1, unseen: 1 };

function renderAt(path: string) {
  setSession('tok', testUser, { broadcast: false });
  mockApi({ getMentorFeed: () => feed, getBanner: () => null, getUserSettings: () => DEFAULT_USER_SETTINGS, getBalance: () => ({ enabled: false }) });
  return renderRoutes([{ element: <ShellLayout />, children: [{ path: '/today', element: <p>today body</p> }, { path: '/chats', element: <p>chats body</p> }] }], path);
}
const panel = () => screen.queryByRole('complementary', { name: 'Mentor feed preview' });

beforeEach(() => setViewportWidth(1536));
afterEach(() => setViewportWidth(1280));

describe('the mentor feed preview panel', () => {
  it('previews the feed beside the page, unread first, with each card’s action', async () => {
    renderAt('/today');
    const preview = within(panel()!);
    expect(await preview.findByText('Time to recharge')).toBeInTheDocument();
    expect(preview.getAllByRole('listitem')[0]).toHaveTextContent('Time to recharge');
    expect(preview.getAllByRole('link', { name: 'Open evening check-in' })[0]).toHaveAttribute('href', '/today?reflect=evening');
    expect(preview.getByRole('link', { name: 'Open the feed' })).toHaveAttribute('href', '/mentor/feed');
  });

  it('folds to a slim column and stays folded', async () => {
    const first = renderAt('/today');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the mentor feed preview' }));
    expect(screen.queryByText('Time to recharge')).not.toBeInTheDocument();
    first.unmount();
    renderAt('/today');
    expect(await screen.findByRole('button', { name: 'Show the mentor feed preview' })).toBeInTheDocument();
    localStorage.removeItem('feedPanelOpen');
  });

  it('is absent on the chats and below 1536 px', () => {
    renderAt('/chats');
    expect(panel()).not.toBeInTheDocument();
    setViewportWidth(1535);
    renderAt('/today');
    expect(panel()).not.toBeInTheDocument();
  });
});
