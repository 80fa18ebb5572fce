import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageContent } from '@/components/messages/message-content.tsx';
import { chatErrorText } from '../../lib/chat-errors.ts';
import type { ActiveStream } from '../../lib/stream-store.ts';

/** Spec 000 section 4: the continuation indicator shows after 250 ms without a token. */
export const UNFINISHED_DELAY_MS = 250;

/** True once `ms` have passed since `since` with nothing newer; a newer `since` starts over. */
function useQuietFor(since: number, ms: number, active: boolean): boolean {
  const [quietSince, setQuietSince] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setQuietSince(since), Math.max(0, since + ms - Date.now()));
    return () => clearTimeout(timer);
  }, [since, ms, active]);
  return active && quietSince === since;
}

/** The reply as it streams: its parts so far, then an error, a connection warning or a waiting pulse. */
export function StreamingReply({ stream }: { stream: ActiveStream }) {
  const { t } = useTranslation();
  const waiting = !stream.error;
  const quiet = useQuietFor(stream.lastTokenAt, UNFINISHED_DELAY_MS, waiting);
  const errorText = stream.error ? chatErrorText(t, stream.error.code, stream.error.message, stream.error.info) : null;
  const parts = [...(stream.response.content ?? []), ...(errorText ? [{ type: 'error', error: errorText }] : [])];

  return (
    // Not a live region: every token would be read out. The chat's StreamAnnouncer speaks for it.
    <div>
      {parts.length ? <MessageContent message={{ ...stream.response, content: parts }} streaming={waiting} /> : null}
      {waiting && stream.slow ? <p className="mt-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">{t('chat.stream.connection')}</p> : null}
      {waiting && quiet && !stream.slow ? (
        <p role="status" className="mt-2 flex items-center gap-1.5 text-ink-faint">
          <span className="sr-only">{t('chat.stream.generating')}</span>
          {[0, 150, 300].map((delay) => (
            <span key={delay} aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-accent" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </p>
      ) : null}
    </div>
  );
}
