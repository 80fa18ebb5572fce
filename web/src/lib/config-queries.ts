import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { useSession } from './use-session.ts';

/**
 * Startup config and banner are read by the auth pages, the landing page and the app shell, so
 * their key factory sits here rather than inside one feature.
 */
export const configKeys = {
  all: ['config'] as const,
  startup: () => [...configKeys.all, 'startup'] as const,
  /** Members also see banners that are not public, so each audience has its own entry. */
  banner: (audience: 'public' | 'members') => [...configKeys.all, 'banner', audience] as const,
};

export const startupConfigQuery = queryOptions({
  queryKey: configKeys.startup(),
  queryFn: ({ signal }) => apiRequest('getConfig', { signal }),
  staleTime: 5 * 60_000,
  // The auth layout shows a red "login server" banner instead of a toast.
  meta: { toastOnError: false },
});

export const bannerQuery = (audience: 'public' | 'members') =>
  queryOptions({
    queryKey: configKeys.banner(audience),
    queryFn: ({ signal }) => apiRequest('getBanner', { signal }),
    staleTime: 5 * 60_000,
    // Pages wait for the banner (useBannerNotice); a failed one is no banner, not a retry to wait for.
    retry: false,
    meta: { toastOnError: false },
  });

export function useStartupConfig() {
  return useQuery(startupConfigQuery);
}

/** The banner for who is looking: the request carries the member's token when signed in. */
export function useBanner() {
  const signedIn = useSession().status === 'authenticated';
  return useQuery(bannerQuery(signedIn ? 'members' : 'public'));
}

/**
 * Whether a real coach and a real chat model answer (decision 0049). Both read false until the
 * startup config arrives, so an entry point that cannot work is never offered, not even briefly.
 */
export function useModelAvailability(): { coach: boolean; chat: boolean } {
  const { data } = useStartupConfig();
  return { coach: data?.coachAvailable ?? false, chat: data?.chatModelAvailable ?? false };
}
