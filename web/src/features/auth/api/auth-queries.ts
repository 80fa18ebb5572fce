import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@meld/shared';
import { apiRequest } from '@/lib/api-client.ts';

/** Key factory for the auth feature's queries and mutations. */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  twoFactor: () => [...authKeys.all, 'two-factor'] as const,
};

export function useLoginMutation() {
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: (body: RouteBody<'login'>) => apiRequest('login', { body }),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationKey: authKeys.register(),
    mutationFn: (body: RouteBody<'register'>) => apiRequest('register', { body }),
  });
}
