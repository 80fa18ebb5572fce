import { afterEach, describe, expect, it } from 'vitest';
import { convoListQuery, replyingListQuery, searchEnabledQuery, tagsQuery } from '@/features/chat/api/chat-queries.ts';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { startupConfigQuery } from '@/lib/config-queries.ts';
import { roleQuery } from '@/lib/permissions.ts';
import { speechConfigQuery } from '@/lib/speech/speech-queries.ts';
import { userSettingsQuery } from '@/lib/user-settings.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testConfig, testUser } from '@/test/fixtures.ts';
import { roleInfo, roleRoutes } from '@/test/roles.ts';
import { testQueryClient } from '@/test/render.tsx';
import { preloadSignedInData } from './signed-in-preload.ts';

afterEach(() => clearSession({ broadcast: false }));

describe('what the signed-in shell reads, asked for when the session is restored', () => {
  it('fills the cache the shell hooks read, under their own keys', async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({});
    const queryClient = testQueryClient();

    preloadSignedInData(queryClient);

    await expect.poll(() => queryClient.getQueryState(userSettingsQuery.queryKey)?.status).not.toBe('pending');
    for (const key of [startupConfigQuery.queryKey, userSettingsQuery.queryKey, speechConfigQuery.queryKey, searchEnabledQuery.queryKey, roleQuery(testUser.role).queryKey, convoListQuery({}).queryKey]) {
      await expect.poll(() => queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    }
    expect(callsTo(fetch, 'getConfig')).toHaveLength(1);
    expect(callsTo(fetch, 'getUserSettings')).toHaveLength(1);
    expect(callsTo(fetch, 'getRole', { role: testUser.role })).toHaveLength(1);
    expect(callsTo(fetch, 'listConvos')).toHaveLength(1);
  });

  it("asks for the sidebar's replying marks and, where bookmarks are shown and allowed, its bookmarks", async () => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({ getConfig: testConfig(), ...roleRoutes(), liveReplyList: { replying: [] }, listTags: [] });
    const queryClient = testQueryClient();

    preloadSignedInData(queryClient);

    await expect.poll(() => queryClient.getQueryData(tagsQuery.queryKey)).toEqual([]);
    expect(queryClient.getQueryData(replyingListQuery.queryKey)).toEqual({ replying: [] });
    expect(callsTo(fetch, 'listTags')).toHaveLength(1);
    expect(callsTo(fetch, 'liveReplyList')).toHaveLength(1);
  });

  it.each([
    ['the operator hides bookmarks', { getConfig: testConfig({ interface: { ...testConfig().interface, bookmarks: false } }), ...roleRoutes() }],
    ['the role may not use them', { getConfig: testConfig(), ...roleRoutes({ USER: roleInfo('USER', { BOOKMARKS: { USE: false } }) }) }],
  ])('asks for no bookmarks when %s', async (_why, mocks) => {
    setSession('tok', testUser, { broadcast: false });
    const fetch = mockApi({ ...mocks, liveReplyList: { replying: [] } });
    const queryClient = testQueryClient();

    preloadSignedInData(queryClient);

    await expect.poll(() => callsTo(fetch, 'getRole')).toHaveLength(1);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(callsTo(fetch, 'listTags')).toHaveLength(0);
  });

  it('asks for nothing without a session', async () => {
    const fetch = mockApi({});
    preloadSignedInData(testQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
