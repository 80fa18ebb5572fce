import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@meld/shared';
import { apiRequest } from '@/lib/api-client.ts';

/** Key factory for the interest forms' mutations. */
export const interestKeys = {
  all: ['interest'] as const,
  mentor: () => [...interestKeys.all, 'mentor'] as const,
  user: () => [...interestKeys.all, 'user'] as const,
  newsletter: () => [...interestKeys.all, 'newsletter'] as const,
};

export function useMentorInterestMutation() {
  return useMutation({
    mutationKey: interestKeys.mentor(),
    mutationFn: (body: RouteBody<'submitMentorInterest'>) => apiRequest('submitMentorInterest', { body }),
  });
}

export function useUserInterestMutation() {
  return useMutation({
    mutationKey: interestKeys.user(),
    mutationFn: (body: RouteBody<'submitUserInterest'>) => apiRequest('submitUserInterest', { body }),
  });
}

export function useNewsletterSignupMutation() {
  return useMutation({
    mutationKey: interestKeys.newsletter(),
    mutationFn: (id: string) => apiRequest('confirmNewsletterSignup', { params: { id } }),
  });
}
