import { splitArtifacts, type Message } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatErrorText } from '../../lib/chat-errors.ts';
import { useActiveStream, type ActiveStream } from '../../lib/stream-store.ts';

/** About two sentences: enough to know what the reply is about without hearing it all again. */
const SUMMARY_CHARS = 220;

/** An artifact is read as its title: its code is shown in the panel, not worth hearing. */
const withoutArtifactCode = (text: string) => splitArtifacts(text).map((segment) => (segment.kind === 'text' ? segment.text : ` ${segment.artifact.title} `)).join('');

/** The reply's opening sentences as plain words (markdown marks and artifact code dropped), at most SUMMARY_CHARS. */
export function replySummary(response: Message): string {
  const text = (response.content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => withoutArtifactCode(String(part.text ?? '')))
    .join(' ')
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/[#*_>`~|[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= SUMMARY_CHARS) return text;
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let summary = '';
  for (const sentence of sentences) {
    if (summary && (summary + sentence).length > SUMMARY_CHARS) break;
    summary += sentence;
  }
  return (summary || text.slice(0, SUMMARY_CHARS)).trim();
}

/** The words of a declined reply (decision 0035), '' when the model gave none, or null when it was not declined. */
function refusalOf(response: Message): string | null {
  const parts = (response.content ?? []).filter((part) => part.type === 'refusal');
  return parts.length ? parts.map((part) => String(part.refusal ?? '')).join(' ').trim() : null;
}

/**
 * The chat's polite voice for screen readers: "Meld is replying…" when a reply starts and its
 * opening sentences when it ends, nothing per token (the streaming text itself is not a live
 * region). Lives in the chat route so it outlasts the move from /c/new to /c/<id>.
 */
export function StreamAnnouncer() {
  const { t } = useTranslation();
  const stream = useActiveStream();
  const last = useRef<ActiveStream | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const previous = last.current;
    last.current = stream;
    // A failed reply stays on screen with its error: say it once, when it arrives.
    if (stream?.error && !previous?.error) {
      setAnnouncement(t('chat.stream.announceError', { error: chatErrorText(t, stream.error.code, stream.error.message, stream.error.info) }));
      return;
    }
    if (stream && !previous) setAnnouncement(t('chat.stream.announceStart'));
    if (stream || !previous || previous.error) return;
    const summary = replySummary(previous.response);
    const stopped = previous.controller.signal.aborted;
    const refusal = refusalOf(previous.response);
    if (refusal !== null && !stopped) setAnnouncement(refusal ? t('messages.refusal.declined', { text: refusal }) : t('messages.refusal.declinedSilently'));
    else if (stopped) setAnnouncement(summary ? t('chat.stream.announceStopped', { summary }) : t('chat.stream.announceStoppedEmpty'));
    else setAnnouncement(summary ? t('chat.stream.announceDone', { summary }) : t('chat.stream.announceEmpty'));
  }, [stream, t]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="stream-announcer">
      {announcement}
    </div>
  );
}
