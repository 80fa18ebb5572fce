import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { showToast } from './toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** False when the screen shows the error itself (e.g. the login server banner). */
      toastOnError?: boolean;
    };
  }
}

function shouldRetry(failureCount: number, error: Error): boolean {
  // Client errors will not fix themselves; network blips and 5xx get two more tries.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Query failures surface as toasts here, not in the API client (ARCHITECTURE.md section 5). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.toastOnError === false) return;
        // A 401 has already been through refresh and, if that failed, a redirect to /login.
        if (error instanceof ApiError && error.status === 401) return;
        const message = error instanceof ApiError && error.isNetworkError ? i18n.t('errors.network') : error.message || i18n.t('errors.generic');
        showToast({ message, severity: 'error' });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
