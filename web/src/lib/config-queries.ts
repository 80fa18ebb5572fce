import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * Startup config and banner are read by the auth pages, the landing page and the app shell, so
 * their key factory sits here rather than inside one feature.
 */
export const configKeys = {
  all: ['config'] as const,
  startup: () => [...configKeys.all, 'startup'] as const,
  banner: () => [...configKeys.all, 'banner'] as const,
};

export const startupConfigQuery = queryOptions({
  queryKey: configKeys.startup(),
  queryFn: ({ signal }) => apiRequest('getConfig', { signal }),
  staleTime: 5 * 60_000,
  // The auth layout shows a red "login server" banner instead of a toast.
  meta: { toastOnError: false },
});

export const bannerQuery = queryOptions({
  queryKey: configKeys.banner(),
  queryFn: ({ signal }) => apiRequest('getBanner', { signal }),
  staleTime: 5 * 60_000,
  meta: { toastOnError: false },
});

export function useStartupConfig() {
  return useQuery(startupConfigQuery);
}

export function useBanner() {
  return useQuery(bannerQuery);
}
