import { NO_PARENT, type AskEvent, type CoachThread } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { streamRequest } from '@/lib/stream-client.ts';
import { coachKeys } from '../api/coach-queries.ts';

/** The turn on screen while the coach answers: the member's text, the reply so far, or why it failed. */
export interface LiveTurn {
  text: string;
  reply: string;
  error: string | null;
}

/**
 * Sends one message to the coach and streams the reply (the chat engine's events). Once the
 * stream ends the saved thread replaces the live turn, with what the reply drew on.
 */
export function useCoachStream(threadId: string | null) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveTurn | null>(null);
  const busy = useRef(false);

  const send = useCallback(
    async (text: string, parentMessageId: string | undefined) => {
      if (!threadId || busy.current) return;
      busy.current = true;
      setLive({ text, reply: '', error: null });
      const onEvent = (raw: unknown) => {
        const event = raw as AskEvent;
        if (event.type === 'delta' && event.part === 'text') setLive((turn) => turn && { ...turn, reply: turn.reply + event.text });
        else if (event.type === 'error') setLive((turn) => turn && { ...turn, error: event.message });
        else if (event.type === 'title') {
          queryClient.setQueryData(coachKeys.threads(), (data: { threads: CoachThread[]; coachAvailable: boolean } | undefined) =>
            data ? { ...data, threads: data.threads.map((thread) => (thread.id === threadId ? { ...thread, title: event.title } : thread)) } : data,
          );
        }
      };
      let failed = false;
      try {
        await streamRequest('askCoach', { params: { id: threadId }, body: { text, parentMessageId: parentMessageId ?? NO_PARENT }, onEvent });
      } catch (error) {
        failed = true;
        setLive((turn) => turn && { ...turn, error: isApiError(error) ? error.message : String(error) });
      } finally {
        busy.current = false;
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: coachKeys.messages(threadId) }), queryClient.invalidateQueries({ queryKey: coachKeys.threads() })]);
      // A refusal before streaming saved nothing: its message stays on screen until the next send.
      if (!failed) setLive(null);
    },
    [queryClient, threadId],
  );

  return { live, send, sending: live !== null && live.error === null, clear: () => setLive(null) };
}
