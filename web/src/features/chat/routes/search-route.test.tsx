import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { page, testConvo } from '../test/chat-fixtures.tsx';
import { Component as SearchRoute } from './search-route.tsx';

function renderSearch(path: string) {
  setSession('tok', testUser, { broadcast: false });
  const fetchSpy = mockApi({
    getConfig: testConfig(),
    listConvos: ({ url }) => new URL(url, 'http://localhost').searchParams.get('search') === 'tide' ? page([testConvo('c1', { title: 'Tides' })]) : page([]),
  });
  renderRoutes([{ path: '/search', element: <SearchRoute /> }], path);
  return fetchSpy;
}

describe('search page', () => {
  it('lists the conversations matching the query, linking to each', async () => {
    const fetchSpy = renderSearch('/search?q=tide');
    expect(await screen.findByRole('link', { name: /Tides/ })).toHaveAttribute('href', '/c/c1');
    expect(screen.getByRole('heading', { name: 'Conversations matching “tide”' })).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('search=tide');
    // Results are not virtualised, each with its snippets: a smaller page than the sidebar's.
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('limit=25');
  });

  it('shows the matching snippet with every match marked, and markup in a message as plain text', async () => {
    setSession('tok', testUser, { broadcast: false });
    mockApi({
      getConfig: testConfig(),
      listConvos: {
        ...page([testConvo('c1', { title: 'Tides and <b>tables</b>' })]),
        matches: {
          c1: {
            title: [{ start: 0, end: 5 }],
            message: { messageId: 'm1', isCreatedByUser: false, text: 'the <img src=x onerror=alert(1)> tide turns; high tide', highlights: [{ start: 33, end: 37 }, { start: 50, end: 54 }], truncatedStart: true, truncatedEnd: false },
          },
        },
      },
    });
    const { container } = renderRoutes([{ path: '/search', element: <SearchRoute /> }], '/search?q=tide');
    const link = await screen.findByRole('link', { name: /Tides/ });
    const marks = [...link.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Tides', 'tide', 'tide']);
    expect(link).toHaveTextContent('Reply: …the <img src=x onerror=alert(1)> tide turns; high tide');
    expect(link).toHaveTextContent('Tides and <b>tables</b>');
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('lists a conversation without a snippet when only its title matched', async () => {
    renderSearch('/search?q=tide');
    const link = await screen.findByRole('link', { name: /Tides/ });
    expect(link.querySelector('mark')).toBeNull();
    expect(link).not.toHaveTextContent('Reply:');
  });

  it('says when nothing matches', async () => {
    renderSearch('/search?q=zebra');
    expect(await screen.findByText('No conversations match “zebra”.')).toBeInTheDocument();
  });

  it('asks for a query instead of searching for nothing', () => {
    const fetchSpy = renderSearch('/search');
    expect(screen.getByText('Type in the search box in the sidebar to find a conversation.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).startsWith('/api/convos'))).toHaveLength(0);
  });
});
