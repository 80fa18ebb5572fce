import type { MentorResponse } from '@meld/shared';
import { MENTOR_INTERVIEW_TIMING } from '@meld/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { responseQuery } from '../api/interview-api.ts';

interface Options {
  token: string;
  step: number;
  active: boolean;
  onUpdate: (response: MentorResponse) => void;
  /** The wait is over (15 s): the card shows what the server has. */
  onTimeout: () => void;
}

/**
 * While the speech engine works, reads the stage every 2 s for at most 15 s (spec 001 section 9)
 * and reports how long it has waited, for the overlay's changing text and its review link.
 */
export function useTranscriptionWait({ token, step, active, onUpdate, onTimeout }: Options): number {
  const queryClient = useQueryClient();
  const [waitedMs, setWaitedMs] = useState(0);
  const update = useEffectEvent(onUpdate);
  const timeout = useEffectEvent(onTimeout);

  useEffect(() => {
    if (!active) return;
    const { pollMs, maxWaitMs } = MENTOR_INTERVIEW_TIMING;
    let cancelled = false;
    let waited = 0;
    // One clock for the texts, the link and the polls: each tick is a second, each second poll reads.
    const tickMs = 1_000;
    const timer = window.setInterval(() => {
      waited += tickMs;
      setWaitedMs(waited);
      if (waited % pollMs === 0) {
        void queryClient
          .fetchQuery(responseQuery(token, step))
          .then((response) => {
            if (!cancelled) update(response);
          })
          .catch(() => undefined);
      }
      if (waited >= maxWaitMs) {
        window.clearInterval(timer);
        timeout();
      }
    }, tickMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      setWaitedMs(0);
    };
  }, [active, queryClient, step, token]);

  return waitedMs;
}
