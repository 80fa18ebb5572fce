import type { PublicUser } from '@meld/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, mockApi, when } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { clearSession, setSession } from './auth-session.ts';
import { useFeatureShown, useInterfaceToggle, usePermission, useRolePermissions } from './permissions.ts';

function renderAs<T>(user: PublicUser | null, hook: () => T) {
  if (user) setSession('tok', user, { broadcast: false });
  else clearSession({ broadcast: false });
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(hook, { wrapper });
}

const admin: PublicUser = { ...testUser, role: 'ADMIN' };

describe('useRolePermissions', () => {
  it("loads only the member's own role", async () => {
    const spy = mockApi(roleRoutes());
    const { result } = renderAs(testUser, useRolePermissions);
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.role?.name).toBe('USER'));
    expect(result.current.admin).toBeUndefined();
    expect(callsTo(spy, 'getRole', { role: 'USER' })).toHaveLength(1);
    expect(callsTo(spy, 'getRole', { role: 'ADMIN' })).toHaveLength(0);
  });

  it("loads ADMIN's permissions for an admin, once", async () => {
    const spy = mockApi(roleRoutes());
    const { result } = renderAs(admin, useRolePermissions);
    await waitFor(() => expect(result.current.admin?.name).toBe('ADMIN'));
    expect(result.current.role?.permissions.PROMPTS.SHARED_GLOBAL).toBe(true);
    expect(callsTo(spy, 'getRole', { role: 'ADMIN' })).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing while signed out', () => {
    const spy = mockApi({});
    const { result } = renderAs(null, useRolePermissions);
    expect(result.current).toEqual({ role: undefined, admin: undefined, isLoading: false });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('usePermission', () => {
  it('is false until the table has loaded, then follows it', async () => {
    mockApi({ getRole: when({ role: 'USER' }, roleInfo('USER', { AGENTS: { CREATE: false } })) });
    const { result } = renderAs(testUser, () => [usePermission('AGENTS', 'USE'), usePermission('AGENTS', 'CREATE'), usePermission('AGENTS', 'SHARED_GLOBAL')]);
    expect(result.current).toEqual([false, false, false]);
    await waitFor(() => expect(result.current).toEqual([true, false, false]));
  });

  it('stays false when the table cannot be read', async () => {
    const spy = mockApi({ getRole: when({ role: 'USER' }, fail(500, { code: 'INTERNAL_ERROR', message: 'Down' })) });
    const { result } = renderAs(testUser, () => usePermission('BOOKMARKS', 'USE'));
    await waitFor(() => expect(callsTo(spy, 'getRole', { role: 'USER' }).length).toBeGreaterThan(0));
    expect(result.current).toBe(false);
  });
});

describe('useInterfaceToggle and useFeatureShown', () => {
  it('show a part unless the operator set its toggle to false', async () => {
    mockApi({ getConfig: testConfig({ interface: { bookmarks: false, prompts: true } }), ...roleRoutes() });
    const { result } = renderAs(testUser, () => ({
      bookmarks: useInterfaceToggle('bookmarks'),
      prompts: useInterfaceToggle('prompts'),
      agents: useInterfaceToggle('agents'),
      bookmarksShown: useFeatureShown('bookmarks', 'BOOKMARKS'),
      agentsShown: useFeatureShown('agents', 'AGENTS', 'CREATE'),
    }));
    await waitFor(() => expect(result.current).toEqual({ bookmarks: false, prompts: true, agents: true, bookmarksShown: false, agentsShown: true }));
  });
});
