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
