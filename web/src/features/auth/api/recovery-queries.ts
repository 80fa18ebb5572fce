import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@meld/shared';
import { apiRequest } from '@/lib/api-client.ts';
import { authKeys } from './auth-queries.ts';

/** Password reset and e-mail verification: mutations only, nothing here is cached. */
export const recoveryKeys = {
  all: [...authKeys.all, 'recovery'] as const,
  requestReset: () => [...recoveryKeys.all, 'request-reset'] as const,
  reset: () => [...recoveryKeys.all, 'reset'] as const,
  verify: () => [...recoveryKeys.all, 'verify'] as const,
  resend: () => [...recoveryKeys.all, 'resend'] as const,
};

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: recoveryKeys.requestReset(),
    mutationFn: (body: RouteBody<'requestPasswordReset'>) => apiRequest('requestPasswordReset', { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationKey: recoveryKeys.reset(),
    mutationFn: (body: RouteBody<'resetPassword'>) => apiRequest('resetPassword', { body }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationKey: recoveryKeys.verify(),
    mutationFn: (body: RouteBody<'verifyEmail'>) => apiRequest('verifyEmail', { body }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationKey: recoveryKeys.resend(),
    mutationFn: (body: RouteBody<'resendVerification'>) => apiRequest('resendVerification', { body }),
  });
}
