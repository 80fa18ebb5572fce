import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { clearSession } from '@/lib/auth-session.ts';

/** Key factory for the shell's own calls. */
export const shellKeys = {
  all: ['shell'] as const,
  logout: () => [...shellKeys.all, 'logout'] as const,
};

/**
 * Signs out on the server, then locally even if the call failed: a user who asks to leave must
 * not stay signed in because the network hiccuped. Goes to the server's redirect, else /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shellKeys.logout(),
    mutationFn: () => apiRequest('logout'),
    onSettled: (data) => {
      clearSession({ signedOut: true });
      queryClient.clear();
      const redirect = data?.redirect;
      if (redirect && /^https?:\/\//.test(redirect)) window.location.assign(redirect);
      else void navigate(redirect?.startsWith('/') ? redirect : '/login', { replace: true });
    },
  });
}
