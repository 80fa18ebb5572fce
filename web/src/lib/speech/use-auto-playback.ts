import { useEffect, useEffectEvent, useRef } from 'react';
import { useUserSettings } from '../user-settings.ts';
import { useReadAloud } from './use-read-aloud.ts';

interface Reply {
  messageId: string;
  text: string;
}

/**
 * Automatic playback: reads a reply aloud once it has finished streaming. `streamingId` is the
 * reply being written (undefined otherwise); `failed` marks a stream that ended in an error.
 */
export function useAutoPlayback<R extends Reply>(streamingId: string | undefined, failed: boolean, replies: readonly R[], textOf: (reply: R) => string): void {
  const { automaticPlayback, textToSpeech } = useUserSettings();
  const readAloud = useReadAloud();
  const watched = useRef<string | undefined>(undefined);
  const readFinished = useEffectEvent((messageId: string) => {
    const reply = replies.find((candidate) => candidate.messageId === messageId);
    if (reply) readAloud(reply.messageId, textOf(reply));
  });

  useEffect(() => {
    if (failed || streamingId) {
      watched.current = failed ? undefined : streamingId;
      return;
    }
    const finished = watched.current;
    watched.current = undefined;
    if (!finished || !automaticPlayback || !textToSpeech) return;
    readFinished(finished);
  }, [automaticPlayback, failed, streamingId, textToSpeech]);
}
