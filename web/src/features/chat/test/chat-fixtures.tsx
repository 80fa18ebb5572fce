import type { Conversation } from '@meld/shared';
import { Outlet, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { raw } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { ChatHistory } from '../components/sidebar/chat-history.tsx';

export function testConvo(conversationId: string, overrides: Partial<Conversation> = {}): Conversation {
  const at = new Date().toISOString();
  return { conversationId, title: `Chat ${conversationId}`, user: 'u1', isArchived: false, tags: [], createdAt: at, updatedAt: at, ...overrides };
}

export const page = (conversations: Conversation[], nextCursor: string | null = null) => ({ conversations, nextCursor });

/** The sidebar history beside stand-in pages, as the shell lays them out. */
export function renderHistory(path: string, extra: RouteObject[] = []) {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      {
        element: (
          <>
            <ChatHistory onNavigate={() => {}} />
            <Outlet />
          </>
        ),
        children: [{ path: '/c/:conversationId', element: <p>conversation page</p> }, { path: '/search', element: <p>search page</p> }, ...extra],
      },
    ],
    path,
  );
}

/** The body a mocked fetch received, parsed. */
export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

/** jsdom lays nothing out; the virtualised sidebar needs a viewport height to draw rows into. */
export function giveElementsHeight(px = 600) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(px);
}

/** The offline demo as the only endpoint, as a server with no provider configured offers it. */
export const demoEndpoints = { demo: { type: 'demo', label: 'Demo', order: 0, userProvide: false, demo: true } };
export const demoModels = { demo: ['meld-demo'] };

/** A server-sent event stream the test writes into, one `send` per network chunk. */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: raw(() => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })),
    send: (event: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    /** Several events in one chunk, read in one go (a fast reply arrives so). */
    sendTogether: (...events: unknown[]) => controller.enqueue(encoder.encode(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''))),
    close: () => controller.close(),
  };
}
