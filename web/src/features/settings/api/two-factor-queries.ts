import { useMutation } from '@tanstack/react-query';
import type { TwoFactorCode } from '@/components/two-factor/code-entry.tsx';
import { apiRequest } from '@/lib/api-client.ts';
import { getSession, setSession } from '@/lib/auth-session.ts';
import { settingsKeys } from './settings-queries.ts';

export const twoFactorKeys = {
  all: [...settingsKeys.all, 'two-factor'] as const,
  enable: () => [...twoFactorKeys.all, 'enable'] as const,
  verify: () => [...twoFactorKeys.all, 'verify'] as const,
  disable: () => [...twoFactorKeys.all, 'disable'] as const,
  regenerate: () => [...twoFactorKeys.all, 'regenerate'] as const,
};

/** The signed-in user's flag follows the server, so the Account tab shows the right view. */
export function setTwoFactorFlag(enabled: boolean): void {
  const { token, user } = getSession();
  if (token && user && user.twoFactorEnabled !== enabled) setSession(token, { ...user, twoFactorEnabled: enabled });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationKey: twoFactorKeys.enable(), mutationFn: () => apiRequest('enableTwoFactor') });
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationKey: twoFactorKeys.verify(), mutationFn: (code: TwoFactorCode) => apiRequest('verifyTwoFactor', { body: code }) });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationKey: twoFactorKeys.disable(), mutationFn: (code: TwoFactorCode) => apiRequest('disableTwoFactor', { body: code }) });
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationKey: twoFactorKeys.regenerate(), mutationFn: (code: TwoFactorCode) => apiRequest('regenerateBackupCodes', { body: code }) });
}
