import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { clearSession } from '@/lib/auth-session.ts';

/** Key factory for the shell's own calls. */
export const shellKeys = {
  all: ['shell'] as const,
  logout: () => [...shellKeys.all, 'logout'] as const,
  terms: () => [...shellKeys.all, 'terms'] as const,
  acceptTerms: () => [...shellKeys.all, 'terms', 'accept'] as const,
};

export const termsQuery = queryOptions({
  queryKey: shellKeys.terms(),
  queryFn: ({ signal }) => apiRequest('getTerms', { signal }),
  staleTime: Infinity,
});

/** Accepting marks the cached terms accepted, which closes the dialog. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shellKeys.acceptTerms(),
    mutationFn: () => apiRequest('acceptTerms'),
    onSuccess: ({ termsAcceptedAt }) => {
      queryClient.setQueryData(termsQuery.queryKey, (terms) => (terms ? { ...terms, termsAccepted: true, termsAcceptedAt } : terms));
    },
  });
}

/**
 * Signs out on the server, then locally even if the call failed: a user who asks to leave must
 * not stay signed in because the network hiccuped. Goes to `to` when given (declining the terms
 * goes to /login?redirect=false), else to the server's redirect, else /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shellKeys.logout(),
    mutationFn: (_options: { to?: string } | void) => apiRequest('logout'),
    onSettled: (data, _error, options) => {
      const redirect = options?.to ?? data?.redirect;
      const external = redirect !== undefined && /^https?:\/\//.test(redirect);
      const target = !external && redirect?.startsWith('/') ? redirect : '/login';
      clearSession({ signedOut: true, redirectTo: target });
      queryClient.clear();
      if (external) window.location.assign(redirect);
      else void navigate(target, { replace: true });
    },
  });
}
