import { NO_PARENT } from '@meld/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { testConfig } from '@/test/fixtures.ts';
import { fail, mockApi, when } from '@/test/mock-api.ts';
import { testQueryClient } from '@/test/render.tsx';
import { ShareApp, shareIdFromPath } from './share-app.tsx';

const shared = {
  shareId: 'a b',
  conversationId: 'c1',
  title: 'Planning the garden',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  messages: [
    { messageId: 'm1', conversationId: 'c1', parentMessageId: NO_PARENT, text: 'Which vegetables grow in shade?', sender: 'User', isCreatedByUser: true, createdAt: '2026-11-22T12:00:00.000Z', updatedAt: '2026-11-22T12:00:00.000Z' },
  ],
};

afterEach(() => {
  document.title = '';
  delete document.documentElement.dataset.location;
});

describe('the share entry', () => {
  it('reads the share id from the address, decoded as a route parameter is', () => {
    expect(shareIdFromPath('/share/abc')).toBe('abc');
    expect(shareIdFromPath('/share/a%20b')).toBe('a b');
    expect(shareIdFromPath('/share/%E0%A4%A')).toBe('');
    expect(shareIdFromPath('/c/abc')).toBe('');
  });

  it('shows the shared conversation with no router around it, titles the page and marks its address', async () => {
    mockApi({ getConfig: testConfig({ appTitle: 'Meld Pilot' }), getShare: when({ id: 'a b' }, shared) });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <ShareApp pathname="/share/a%20b" />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning the garden' })).toBeInTheDocument();
    expect(await screen.findByText('Which vegetables grow in shade?')).toBeInTheDocument();
    expect(document.title).toBe('Planning the garden | Meld Pilot');
    expect(document.documentElement.dataset.location).toBe(window.location.pathname);
    // The credit line leads to the app as a document of its own.
    expect(screen.getByRole('link', { name: /conversations worth keeping/ })).toHaveAttribute('href', '/welcome');
  });

  it('says a link that does not exist was not found', async () => {
    mockApi({ getConfig: testConfig(), getShare: when({ id: 'gone' }, fail(404, { code: 'NOT_FOUND', message: 'Shared link not found' })) });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <ShareApp pathname="/share/gone" />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Shared link not found' })).toBeInTheDocument();
    expect(document.title).toBe('Meld');
  });
});
