import type { MentorInterestAdmin, MentorInterestStatus } from '@meld/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { showToast } from '@/lib/toast.ts';

/**
 * Key factory of the admin panel. Mentor sign-ups and their answers are separate trees so a status
 * change refreshes the table without refetching every answer; users, user interest, access codes
 * and banners hang their own branches off `all`.
 */
export const adminKeys = {
  all: ['admin'] as const,
  mentors: () => [...adminKeys.all, 'mentors'] as const,
  answers: () => [...adminKeys.all, 'mentor-answers'] as const,
  /** One mentor's answers (the Complete Interview dialog), or every answer when no id is given. */
  answersOf: (mentorId: string | null) => [...adminKeys.answers(), mentorId ?? 'all'] as const,
  /** Platform users: every search and role filter hangs off `users()`, so a role change or delete refreshes them all. */
  users: () => [...adminKeys.all, 'users'] as const,
  usersList: (filters: { search: string; role: string }) => [...adminKeys.users(), filters] as const,
  userInterest: () => [...adminKeys.all, 'user-interest'] as const,
  accessCodes: () => [...adminKeys.all, 'access-codes'] as const,
  banners: () => [...adminKeys.all, 'banners'] as const,
};

export function mentorListQuery() {
  return queryOptions({
    queryKey: adminKeys.mentors(),
    queryFn: ({ signal }) => apiRequest('listMentorInterest', { signal }),
    // Each tab shows its own error state (with the 403 explained), so no toast on top.
    meta: { toastOnError: false },
  });
}

export function mentorAnswersQuery(mentorId: string | null) {
  return queryOptions({
    queryKey: adminKeys.answersOf(mentorId),
    queryFn: ({ signal }) => apiRequest('listMentorAnswers', { signal, query: { mentorId: mentorId ?? undefined } }),
    meta: { toastOnError: false },
  });
}

function replaceMentor(list: MentorInterestAdmin[] | undefined, id: string, change: Partial<MentorInterestAdmin>) {
  return list?.map((mentor) => (mentor._id === id ? { ...mentor, ...change } : mentor));
}

/** The select shows the new status at once; a refusal puts the old one back and says so. */
export function useUpdateMentorStatus() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.mentors();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: MentorInterestStatus }) => apiRequest('updateMentorStatus', { params: { id }, body: { status } }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MentorInterestAdmin[]>(key);
      queryClient.setQueryData<MentorInterestAdmin[]>(key, (list) => replaceMentor(list, id, { status }));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      showToast({ message: t('admin.errors.updateStatus'), severity: 'error' });
    },
    onSuccess: (mentor) => queryClient.setQueryData<MentorInterestAdmin[]>(key, (list) => replaceMentor(list, mentor._id, mentor)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A new token retires the old one; the answer carries the only copy of the link the admin will see. */
export function useGenerateMentorToken() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.mentors();
  return useMutation({
    mutationFn: (id: string) => apiRequest('generateMentorToken', { params: { id } }),
    onSuccess: ({ accessTokenPrefix }, id) => {
      queryClient.setQueryData<MentorInterestAdmin[]>(key, (list) => replaceMentor(list, id, { accessTokenPrefix }));
    },
    onError: () => showToast({ message: t('admin.errors.generateToken'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Deleting a mentor takes their interview answers and recordings with it, so both lists refresh. */
export function useDeleteMentorInterest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('deleteMentorInterest', { params: { id } }),
    onSuccess: (_result, id) => queryClient.setQueryData<MentorInterestAdmin[]>(adminKeys.mentors(), (list) => list?.filter((mentor) => mentor._id !== id)),
    onError: () => showToast({ message: t('adminSignups.mentors.deleteFailed'), severity: 'error' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.mentors() }), queryClient.invalidateQueries({ queryKey: adminKeys.answers() })]),
  });
}
