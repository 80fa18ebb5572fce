import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderAt } from '@/test/render.tsx';
import { BannerNotice } from './banner-notice.tsx';

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
});
