import type { SpeechConfigResponse } from '@meld/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useSession } from '../use-session.ts';

/** The settings tab, the composer and the messages all read what the server can do with speech. */
export const speechKeys = {
  all: ['speech'] as const,
  config: () => [...speechKeys.all, 'config'] as const,
  voices: () => [...speechKeys.all, 'voices'] as const,
};

const NOTHING_EXTERNAL: SpeechConfigResponse = { sttExternal: false, ttsExternal: false };

export const speechConfigQuery = queryOptions({
  queryKey: speechKeys.config(),
  // The server answers both flags false when it has no speech engine (no 404 to log on every page).
  queryFn: ({ signal }) => apiRequest('getSpeechConfig', { signal }),
  staleTime: 30 * 60_000,
  meta: { toastOnError: false },
});

export const speechVoicesQuery = queryOptions({
  queryKey: speechKeys.voices(),
  queryFn: ({ signal }) => apiRequest('listSpeechVoices', { signal }),
  staleTime: 30 * 60_000,
});

/** Which external engines the server offers; none while unknown or when the question failed. */
export function useSpeechConfig(): SpeechConfigResponse {
  const signedIn = useSession().status === 'authenticated';
  return useQuery({ ...speechConfigQuery, enabled: signedIn }).data ?? NOTHING_EXTERNAL;
}

/** Whether the server has said which speech engines it runs (or failed to): until then {@link useSpeechConfig} says none. */
export function useSpeechConfigKnown(): boolean {
  const signedIn = useSession().status === 'authenticated';
  return useQuery({ ...speechConfigQuery, enabled: signedIn }).status !== 'pending';
}
