import { DEFAULT_USER_SETTINGS, type UserSettings } from '@meld/shared';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { setSession } from '@/lib/auth-session.ts';
import { userSettingsKeys } from '@/lib/user-settings.ts';
import { mockApi } from '@/test/mock-api.ts';
import { testUser } from '@/test/fixtures.ts';
import { testQueryClient } from '@/test/render.tsx';
import { stopSpeaking } from './speech-player.ts';
import { useAutoPlayback } from './use-auto-playback.ts';

interface Props {
  streamingId: string | undefined;
  failed: boolean;
}

const replies = [{ messageId: 'r1', text: 'The reply, written in full.' }];

function setup(settings: Partial<UserSettings>) {
  const speak = vi.fn();
  vi.stubGlobal('speechSynthesis', { getVoices: () => [], speak, cancel: vi.fn() });
  vi.stubGlobal('SpeechSynthesisUtterance', class {
    constructor(readonly text: string) {}
  });
  setSession('tok', testUser, { broadcast: false });
  mockApi({ getSpeechConfig: { sttExternal: false, ttsExternal: false } });
  const queryClient = testQueryClient();
  queryClient.setQueryData(userSettingsKeys.current(), { ...DEFAULT_USER_SETTINGS, ...settings });
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>;
  const hook = renderHook(({ streamingId, failed }: Props) => useAutoPlayback(streamingId, failed, replies, (reply) => reply.text), {
    wrapper,
    initialProps: { streamingId: 'r1', failed: false } as Props,
  });
  return { speak, hook };
}

afterEach(() => {
  stopSpeaking();
  vi.unstubAllGlobals();
});

describe('automatic playback', () => {
  it('reads a reply aloud once it has finished streaming', async () => {
    const { speak, hook } = setup({ automaticPlayback: true });
    expect(speak).not.toHaveBeenCalled();
    hook.rerender({ streamingId: undefined, failed: false });
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1));
    expect(speak.mock.calls[0]![0]).toMatchObject({ text: 'The reply, written in full.' });
  });

  it('stays quiet when the reply failed or the setting is off', async () => {
    const failed = setup({ automaticPlayback: true });
    failed.hook.rerender({ streamingId: undefined, failed: true });
    const off = setup({ automaticPlayback: false });
    off.hook.rerender({ streamingId: undefined, failed: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failed.speak).not.toHaveBeenCalled();
    expect(off.speak).not.toHaveBeenCalled();
  });
});
