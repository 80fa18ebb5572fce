import type { Message } from '@meld/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { LIVE_REPLY_POLL_MS, liveRepliesQuery, replyingListQuery, type LiveReply } from '../api/chat-queries.ts';
import type { ReplyOnScreen } from '../lib/stream-store.ts';

/** How long an ended reply is looked for among the saved messages before it is left as it was last seen. */
const SAVED_REPLY_WAIT_MS = 15_000;

/** The reply started last, when several are being written in one conversation. */
const newest = (replies: readonly LiveReply[]) => replies.reduce<LiveReply | null>((last, reply) => (!last || reply.startedAt > last.startedAt ? reply : last), null);

/**
 * A reply being written in this conversation that this tab is not streaming itself: after a reload,
 * in another tab, or from another device (issue 25, section 3). It is followed from the server's
 * checkpoints while it lasts; when it ends the conversation's messages are fetched again, and its
 * last text stays on screen until the saved reply (the same message id) takes its place.
 * `enabled` is false while this tab streams its own reply here.
 */
export function useLiveReplies(conversationId: string, saved: readonly Message[] | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  // The sidebar's list may know of a reply before this conversation's own answer does.
  const hinted = useQuery({ ...replyingListQuery, select: (data) => data.replying.some((reply) => reply.conversationId === conversationId) }).data === true;
  const query = useQuery({ ...liveRepliesQuery(conversationId, hinted), enabled });
  const current = enabled ? newest(query.data?.replies ?? []) : null;
  const [ended, setEnded] = useState<LiveReply | null>(null);
  const [stopping, setStopping] = useState<string | null>(null);
  // When the server's checkpoint last came: the waiting pulse shows between checkpoints as between tokens.
  // Read only while a reply is live, so an answer of "none" again (the same data) renders nothing:
  // on opening, that answer would otherwise start the conversation's first draw over (issue 25 §7).
  const checkedAt = current ? query.dataUpdatedAt : 0;

  const previous = useRef<LiveReply | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = current;
    if (!before || before.responseMessageId === current?.responseMessageId) return;
    setEnded(before);
    void queryClient.invalidateQueries({ queryKey: convoKeys.messages(conversationId) });
    // A first reply brings the conversation's title a moment later.
    void queryClient.invalidateQueries({ queryKey: convoKeys.detail(conversationId) });
  }, [current, conversationId, queryClient]);

  // A question asked elsewhere after these messages were loaded: fetch them again to show it.
  const missingQuestion = !!current && !!saved && !saved.some((message) => message.messageId === current.requestMessageId);
  useEffect(() => {
    if (missingQuestion) void queryClient.invalidateQueries({ queryKey: convoKeys.messages(conversationId) });
  }, [missingQuestion, conversationId, queryClient]);

  const savedIds = useMemo(() => new Set((saved ?? []).map((message) => message.messageId)), [saved]);
  // The live record may go a moment before the saved reply can be read: ask again until it can (for a while).
  const awaitingSaved = !!ended && !savedIds.has(ended.responseMessageId);
  useEffect(() => {
    if (!awaitingSaved) return;
    const again = setInterval(() => void queryClient.invalidateQueries({ queryKey: convoKeys.messages(conversationId) }), LIVE_REPLY_POLL_MS);
    const giveUp = setTimeout(() => clearInterval(again), SAVED_REPLY_WAIT_MS);
    return () => {
      clearInterval(again);
      clearTimeout(giveUp);
    };
  }, [awaitingSaved, conversationId, queryClient]);
  const shown: ReplyOnScreen | null = useMemo(() => {
    if (current) {
      const stopped = current.stopRequested || stopping === current.responseMessageId;
      return { request: null, response: current.response, error: null, slow: false, stopped, lastTokenAt: checkedAt };
    }
    if (ended && !savedIds.has(ended.responseMessageId)) return { request: null, response: { ...ended.response, unfinished: false }, error: null, slow: false, stopped: false, lastTokenAt: 0, ended: true };
    return null;
  }, [current, ended, savedIds, stopping, checkedAt]);

  /** Stops the reply from here: the tab or device writing it sees the stop and saves it unfinished. */
  const stop = () => {
    if (!current || current.stopRequested || stopping === current.responseMessageId) return;
    setStopping(current.responseMessageId);
    void apiRequest('abortAsk', { params: { endpoint: current.endpoint }, body: { conversationId, messageId: current.responseMessageId } })
      .then(() => queryClient.invalidateQueries({ queryKey: liveRepliesQuery(conversationId).queryKey }))
      .catch(() => setStopping(null));
  };

  return { shown, stop };
}
