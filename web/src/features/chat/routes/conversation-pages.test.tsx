import { DEFAULT_USER_SETTINGS, type RouteResponse } from '@meld/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { setSession } from '@/lib/auth-session.ts';
import { held, mockApi, when, type MockRequest } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { roleRoutes } from '@/test/roles.ts';
import { demoEndpoints, demoModels, testConvo } from '../test/chat-fixtures.tsx';
import { resetStreamForTests } from '../lib/stream-store.ts';
import { Component as ChatRoute } from './chat-route.tsx';

afterEach(() => resetStreamForTests());

const question = testMessage('q', undefined, { text: 'How do tides work?' });
const early = testMessage('r1', 'q', { minute: 1, isCreatedByUser: false, text: 'An early answer' });
const reply = testMessage('r2', 'q', { minute: 2, isCreatedByUser: false, text: 'The moon pulls the sea.' });
const followUp = testMessage('f', 'r2', { minute: 3, text: 'And the sun?' });

describe('a conversation read in pages', () => {
  it('opens on the first page, the branch on screen, and adds the other branches as the next pages come', async () => {
    setSession('tok', testUser, { broadcast: false });
    const rest = held<'getMessages'>();
    const asked: URLSearchParams[] = [];
    const pages = (request: MockRequest): RouteResponse<'getMessages'> | Promise<RouteResponse<'getMessages'>> => {
      asked.push(request.query);
      return request.query.get('cursor') === 'page-2' ? (rest.handler(request) as Promise<RouteResponse<'getMessages'>>) : { messages: [question, reply, followUp], nextCursor: 'page-2' };
    };
    mockApi({
      getConfig: testConfig(),
      getConvo: when({ conversationId: 'c1' }, testConvo('c1', { title: 'Tides' })),
      getMessages: when({ conversationId: 'c1' }, pages),
      listEndpoints: demoEndpoints,
      listModels: demoModels,
      getUserSettings: DEFAULT_USER_SETTINGS,
      ...roleRoutes(),
    });
    renderRoutes([{ path: '/c/:conversationId', element: <ChatRoute /> }], '/c/c1');

    expect(await screen.findByText('And the sun?')).toBeInTheDocument();
    const answer = screen.getByRole('article', { name: 'Claude' });
    expect(answer).toHaveTextContent('The moon pulls the sea.');
    expect(within(answer).queryByText('2 / 2')).toBeNull();
    await expect.poll(() => asked).toHaveLength(2);
    expect(asked.map((query) => [query.get('cursor'), query.get('limit')])).toEqual([[null, '5000'], ['page-2', '5000']]);

    rest.answer({ messages: [question, early, reply, followUp], nextCursor: null });
    expect(await within(answer).findByText('2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Claude' })).toHaveTextContent('The moon pulls the sea.');
    expect(screen.getByText('And the sun?')).toBeInTheDocument();
  });
});
