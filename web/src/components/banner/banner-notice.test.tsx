import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { fail, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { BANNER_WAIT_MS, useBannerNotice } from './banner-notice.tsx';

/** A layout's use of the notice: the bar above a page that shows once the banner is in place. */
function BannerNotice() {
  const { notice, settled } = useBannerNotice();
  return (
    <>
      {notice}
      {settled ? <p>The page</p> : null}
    </>
  );
}

const publicBanner = { bannerId: 'pub-1', message: 'Pilot opens <b>Monday</b>', displayFrom: '2026-01-01T00:00:00.000Z', displayTo: null, isPublic: true };
const memberBanner = { bannerId: 'mem-1', message: 'Members: the Wins Vault is live', displayFrom: '2026-01-01T00:00:00.000Z', displayTo: null, isPublic: false };

const region = () => screen.queryByRole('region', { name: 'Announcement' });

describe('banner notice', () => {
  it('sanitises the HTML: no scripts, no event handlers, no javascript: links, formatting and safe links kept', async () => {
    const message = '<em>Hello</em><script>window.pwned = true</script><img src="x" onerror="window.pwned = true"><a href="javascript:alert(1)">bad</a><a href="https://meld.example/news" target="_blank">news</a>';
    mockApi({ getBanner: { ...publicBanner, message } });
    renderAt(<BannerNotice />);
    await waitFor(() => expect(region()?.querySelector('em')).toHaveTextContent('Hello'));
    const html = region()!.innerHTML;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(screen.getByRole('link', { name: 'news' })).toHaveAttribute('href', 'https://meld.example/news');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('hides a banner whose display window ended while it was cached', async () => {
    const fetch = mockApi({ getBanner: { ...publicBanner, displayTo: new Date(Date.now() - 60_000).toISOString() } });
    renderAt(<BannerNotice />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(region()).not.toBeInTheDocument();
  });

  it('asks again once the visitor signs in, with their token, so banners for members appear', async () => {
    const fetch = mockApi({
      getBanner: ({ init }) => new Headers(init.headers).get('authorization') ? memberBanner : publicBanner,
    });
    clearSession({ broadcast: false });
    renderAt(<BannerNotice />);
    expect(await screen.findByText('Monday')).toBeInTheDocument();

    act(() => setSession('tok', testUser, { broadcast: false }));
    expect(await screen.findByText('Members: the Wins Vault is live')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows the page only once the banner is in place, so the bar never pushes it down', async () => {
    let answer!: (banner: typeof publicBanner) => void;
    mockApi({ getBanner: () => new Promise<typeof publicBanner>((resolve) => (answer = resolve)) });
    renderAt(<BannerNotice />);
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByText('The page')).not.toBeInTheDocument();

    act(() => answer(publicBanner));
    await screen.findByText('The page');
    // The bar is there in the same render as the page, never after it.
    expect(region()).toHaveTextContent('Pilot opens Monday');
  });

  it('shows the page at once when there is no banner', async () => {
    mockApi({ getBanner: null });
    renderAt(<BannerNotice />);
    await screen.findByText('The page');
    expect(region()).not.toBeInTheDocument();
  });

  it('shows the page without the banner when the banner fails to load, and does not retry it', async () => {
    const fetch = mockApi({ getBanner: fail(500, { code: 'INTERNAL_ERROR', message: 'down' }) });
    renderAt(<BannerNotice />);
    await screen.findByText('The page');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a banner that does not answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      mockApi({ getBanner: () => new Promise<never>(() => undefined) });
      renderAt(<BannerNotice />);
      expect(screen.queryByText('The page')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(BANNER_WAIT_MS - 1));
      expect(screen.queryByText('The page')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('The page')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
