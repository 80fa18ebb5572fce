import { afterEach, describe, expect, it } from 'vitest';
import { convoListQuery, searchEnabledQuery } from '@/features/chat/api/chat-queries.ts';
import { clearSession, setSession } from '@/lib/auth-session.ts';
import { startupConfigQuery } from '@/lib/config-queries.ts';
import { roleQuery } from '@/lib/permissions.ts';
import { speechConfigQuery } from '@/lib/speech/speech-queries.ts';
import { userSettingsQuery } from '@/lib/user-settings.ts';
import { callsTo, mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
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

  it('asks for nothing without a session', async () => {
    const fetch = mockApi({});
    preloadSignedInData(testQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
