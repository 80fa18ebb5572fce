import { DEFAULT_USER_SETTINGS, type Conversation, type SharedLink, type UserSettings } from '@meld/shared';
import { afterEach } from 'vitest';
import { setSession } from '@/lib/auth-session.ts';
import { dismissToast, getToasts } from '@/lib/toast.ts';
import { fail, type ApiMocks, type MockHandler } from '@/test/mock-api.ts';
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
export function renderSettingsAt(tab: 'general' | 'chat' | 'speech' | 'data' | 'account' | 'commands') {
  setSession('tok', testUser, { broadcast: false });
  return renderRoutes(
    [
      { path: '/settings/:tab?', element: <Settings /> },
      { path: '/c/new', element: <p>new chat page</p> },
      { path: '/login', element: <p>login page</p> },
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

/**
 * The user-settings routes over an in-memory copy: GET answers it, PATCH merges the body into it
 * (or answers `failWith` when given), so a test can read what the server was told.
 */
export function settingsServer(initial: Partial<UserSettings> = {}, failWith?: number) {
  const state = { settings: { ...DEFAULT_USER_SETTINGS, ...initial } as UserSettings, patches: [] as Partial<UserSettings>[] };
  const patch: MockHandler<'updateUserSettings'> = ({ init }) => {
    const body = JSON.parse(String(init.body)) as Partial<UserSettings>;
    state.patches.push(body);
    if (failWith) return fail(failWith, { code: 'INTERNAL_ERROR', message: 'boom' });
    state.settings = { ...state.settings, ...body };
    return state.settings;
  };
  const routes: ApiMocks = { getUserSettings: () => state.settings, updateUserSettings: patch };
  return { state, routes };
}
