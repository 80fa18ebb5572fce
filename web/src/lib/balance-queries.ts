import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The token balance: the shell's account menu shows it and the chat refreshes it after each reply. */
export const balanceKeys = {
  all: ['balance'] as const,
};

export const balanceQuery = queryOptions({
  queryKey: balanceKeys.all,
  queryFn: ({ signal }) => apiRequest('getBalance', { signal }),
  staleTime: 60_000,
  // A missing balance hides the line; it is never worth an error toast.
  meta: { toastOnError: false },
});
