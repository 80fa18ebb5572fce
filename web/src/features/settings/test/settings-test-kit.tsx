import type { Conversation, SharedLink } from '@meld/shared';
import { afterEach } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { testUser } from '@/test/fixtures.ts';
import { renderRoutes } from '@/test/render.tsx';
import { Component as Settings } from '../routes/settings-route.tsx';

/** The toast store outlives a test's render: start every test without old toasts. */
export function clearToastsAfterEach(): void {
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });
}

/** The settings dialog on a tab, signed in, with a stand-in page for /c/new. */
export function renderSettingsAt(tab: 'general' | 'data') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/settings/:tab?', element: <Settings /> },
      { path: '/c/new', element: <p>new chat page</p> },
    ],
    `/settings/${tab}`,
  );
}

export function sharedLink(shareId: string, title: string, overrides: Partial<SharedLink> = {}): SharedLink {
  return { shareId, conversationId: `c-${title}`, title, isPublic: true, targetMessageId: null, createdAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z', ...overrides };
}

export function archivedConvo(conversationId: string, title: string): Conversation {
  return {
    conversationId,
    title,
    user: testUser.id,
    isArchived: true,
    tags: [],
    endpoint: 'anthropic',
    createdAt: '2026-10-02T12:00:00.000Z',
    updatedAt: '2026-10-03T12:00:00.000Z',
  };
}
