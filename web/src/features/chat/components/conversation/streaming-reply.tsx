import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { MessageContent } from '@/components/messages/message-content.tsx';
import { chatErrorText } from '../../lib/chat-errors.ts';
import type { ReplyOnScreen } from '../../lib/stream-store.ts';

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

/** Below the streaming reply: a connection warning, a stop being saved, or a waiting pulse after a quiet spell. */
function StreamStatus({ stream }: { stream: ReplyOnScreen }) {
  const { t } = useTranslation();
  const waiting = !stream.error && !stream.ended && !stream.stopped;
  const quiet = useQuietFor(stream.lastTokenAt, UNFINISHED_DELAY_MS, waiting);
  if (stream.stopped && !stream.error && !stream.ended) return <p className="mt-2 text-sm text-ink-faint">{t('chat.stream.stopping')}</p>;
  if (waiting && stream.slow) return <p className="mt-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">{t('chat.stream.connection')}</p>;
  if (!waiting || !quiet) return null;
  return (
    <p role="status" className="mt-2 flex items-center gap-1.5 text-ink-faint">
      <span className="sr-only">{t('chat.stream.generating')}</span>
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-accent" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </p>
  );
}

/**
 * The reply as it streams: its parts so far (then an error), and its status. A message row's body,
 * returned as a keyless fragment that starts with the same `MessageContent` the saved reply is
 * shown with, not as a component of its own: when the saved reply takes its place, React keeps
 * that content and everything in it (an artifact card's button, a running preview), so a press on
 * a card as the reply finishes is still a click. Not a live region: every token would be read
 * out; the chat's StreamAnnouncer speaks for it.
 */
export function streamingReply(stream: ReplyOnScreen, t: TFunction): ReactNode {
  const errorText = stream.error ? chatErrorText(t, stream.error.code, stream.error.message, stream.error.info) : null;
  const parts = [...(stream.response.content ?? []), ...(errorText ? [{ type: 'error' as const, error: errorText }] : [])];
  // Still being written: a reply followed from the server is saved as unfinished until it ends.
  const message = { ...stream.response, content: parts, unfinished: false };
  return (
    <>
      {parts.length ? <MessageContent message={message} streaming={!stream.error && !stream.ended} /> : null}
      <StreamStatus stream={stream} />
    </>
  );
}
