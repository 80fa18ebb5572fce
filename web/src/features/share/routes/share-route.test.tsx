import { NO_PARENT, type Message } from '@meld/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/auth-session.ts';
import { callsTo, fail, held, mockApi, when } from '@/test/mock-api.ts';
import { testConfig } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as SharePage } from './share-route.tsx';

const message = (messageId: string, parentMessageId: string, text: string, isCreatedByUser: boolean): Message => ({
  messageId,
  conversationId: 'c1',
  parentMessageId,
  text,
  sender: isCreatedByUser ? 'User' : 'Claude',
  isCreatedByUser,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
});

const shared = {
  shareId: 'abc',
  conversationId: 'c1',
  title: 'Planning the garden',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  messages: [message('m1', NO_PARENT, 'Which vegetables grow in shade?', true), message('m2', 'm1', 'Lettuce and spinach do well.', false)],
};

function renderShare(path = '/share/abc') {
  return renderRoutes(
    [
      { path: '/share/:shareId', element: <SharePage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    path,
  );
}

afterEach(() => {
  document.title = '';
});

describe('shared conversation page', () => {
  it('shows a spinner while the conversation loads', () => {
    mockApi({ getConfig: testConfig(), getShare: when({ id: 'abc' }, () => new Promise<never>(() => {})) });
    renderShare();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the shared conversation…');
  });

  it('shows the title, the long US date and the messages to a signed-out reader', async () => {
    const spy = mockApi({ getConfig: testConfig({ appTitle: 'Meld Pilot' }), getShare: when({ id: 'abc' }, shared) });
    const { router } = renderShare();
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning the garden' })).toBeInTheDocument();
    expect(screen.getByText('November 22, 2026')).toHaveAttribute('datetime', '2026-11-22T12:00:00.000Z');
    expect(await screen.findByText('Which vegetables grow in shade?')).toBeInTheDocument();
    expect(screen.getByText('Lettuce and spinach do well.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Planning the garden | Meld Pilot'));
    expect(getAccessToken()).toBeNull();
    expect(new Headers(callsTo(spy, 'getShare', { id: 'abc' })[0]?.headers).get('authorization')).toBeNull();
    expect(router.state.location.pathname).toBe('/share/abc');
  });

  it('says the link was not found when it does not exist', async () => {
    mockApi({ getConfig: testConfig(), getShare: when({ id: 'gone' }, fail(404, { code: 'NOT_FOUND', message: 'Shared link not found' })) });
    renderShare('/share/gone');
    expect(await screen.findByRole('heading', { name: 'Shared link not found' })).toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
  });

  it('says the link was not found when it has no messages', async () => {
    mockApi({ getConfig: testConfig(), getShare: when({ id: 'abc' }, { ...shared, messages: [] }) });
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Shared link not found' })).toBeInTheDocument();
  });

  it('shows a credit line and the configured privacy and terms links in the footer', async () => {
    mockApi({ getConfig: testConfig(), getShare: when({ id: 'abc' }, shared) });
    renderShare();
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Meld: conversations worth keeping');
    expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Terms of service' })).not.toHaveAttribute('target');
  });

  it('replaces the credit line with custom footer text split on "|"', async () => {
    const config = testConfig({ interface: { customFooter: 'Acme Coaching | Internal pilot' } });
    mockApi({ getConfig: config, getShare: when({ id: 'abc' }, shared) });
    renderShare();
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByText('Acme Coaching')).toBeInTheDocument();
    expect(screen.getByText('Internal pilot')).toBeInTheDocument();
    expect(footer).not.toHaveTextContent('conversations worth keeping');
    expect(screen.queryByRole('link', { name: /Privacy policy/ })).not.toBeInTheDocument();
  });
  it('reads a long shared conversation page by page, showing the first while the rest come', async () => {
    const rest = held<'getShare'>();
    const spy = mockApi({
      getConfig: testConfig(),
      getShare: when({ id: 'abc' }, (request) => (request.query.get('cursor') === 'next' ? rest.handler(request) : { ...shared, messages: shared.messages.slice(0, 1), nextCursor: 'next' })),
    });
    renderShare();
    expect(await screen.findByText('Which vegetables grow in shade?')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(spy, 'getShare', { id: 'abc' })).toHaveLength(2));
    expect(screen.queryByText('Lettuce and spinach do well.')).toBeNull();
    rest.answer({ ...shared, messages: shared.messages.slice(1), nextCursor: null });
    expect(await screen.findByText('Lettuce and spinach do well.')).toBeInTheDocument();
    expect(screen.getByText('Which vegetables grow in shade?')).toBeInTheDocument();
  });
});
