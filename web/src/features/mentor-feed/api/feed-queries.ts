import type { FeedCardActionName, MentorFeedResponse } from '@meld/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { feedKeys } from '@/lib/mentor-feed-query.ts';
import { showToast } from '@/lib/toast.ts';

export interface CardAction {
  ids: string[];
  action: FeedCardActionName;
  days?: 1 | 7;
  /** Quiet: no toast (marking read on the way to a card's action). */
  quiet?: boolean;
}

/** One card goes through its own route (a 404 if it is gone), several through the bulk route; the answer is the new feed. */
export function useCardAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action, days }: CardAction): Promise<MentorFeedResponse> => {
      const body = days ? { action, days } : { action };
      return ids.length === 1 ? apiRequest('updateFeedCard', { params: { id: ids[0]! }, body }) : apiRequest('updateFeedCards', { body: { ids, ...body } });
    },
    onSuccess: (feed, { action, days, quiet }) => {
      queryClient.setQueryData(feedKeys.feed(), feed);
      if (quiet) return;
      const message = action === 'snooze' ? t('mentorFeed.toasts.snoozed', { count: days ?? 1 }) : action === 'mute-trigger' ? t('mentorFeed.toasts.muted') : t(action === 'read' ? 'mentorFeed.toasts.read' : 'mentorFeed.toasts.archived');
      showToast({ message, severity: 'success' });
    },
    onError: () => showToast({ message: t('mentorFeed.toasts.failed'), severity: 'error' }),
  });
}

/**
 * Once the feed is on screen, its cards count as seen: the server keeps it, and Today's dot goes
 * out. Quiet: a failure only leaves the dot on until the next visit.
 */
export function useMarkFeedSeen(unseen: number): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => apiRequest('markFeedSeen'),
    onSuccess: (feed) => queryClient.setQueryData(feedKeys.feed(), feed),
  });
  useEffect(() => {
    if (unseen > 0) mutate();
  }, [unseen, mutate]);
}
