import { splitArtifacts, type Message } from '@meld/shared';
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/lib/use-translation.ts';
import { chatErrorText } from '../../lib/chat-errors.ts';
import { streamStore, useConversationStream, type ActiveStream } from '../../lib/stream-store.ts';

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
 * The chat's polite voice for screen readers: "Meld is replying…" when this page's reply starts,
 * its opening sentences when it ends or is stopped, nothing per token (the streaming text itself
 * is not a live region). Lives in the chat route so it outlasts the move from /c/new to /c/<id>;
 * a reply left behind by moving to another conversation has not ended, so it is not announced.
 */
export function StreamAnnouncer({ conversationId }: { conversationId: string | null }) {
  const { t } = useTranslation();
  const stream = useConversationStream(conversationId);
  const last = useRef<ActiveStream | null>(null);
  const started = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const previous = last.current;
    last.current = stream;
    const same = !!stream && previous?.clientId === stream.clientId;
    if (stream) {
      // A failed reply stays on screen with its error: say it once, when it arrives.
      if (stream.error) {
        if (!same || !previous.error) setAnnouncement(t('chat.stream.announceError', { error: chatErrorText(t, stream.error.code, stream.error.message, stream.error.info) }));
      } else if (stream.stopped) {
        if (!same || !previous.stopped) setAnnouncement(stoppedText(t, replySummary(stream.response)));
      } else if (started.current !== stream.clientId) {
        setAnnouncement(t('chat.stream.announceStart'));
      }
      started.current = stream.clientId;
      return;
    }
    if (!previous || previous.error || previous.stopped) return;
    // Still streaming, under the conversation's new address or behind another page.
    if (streamStore.all().some((other) => other.clientId === previous.clientId)) return;
    const summary = replySummary(previous.response);
    const refusal = refusalOf(previous.response);
    if (refusal !== null) setAnnouncement(refusal ? t('messages.refusal.declined', { text: refusal }) : t('messages.refusal.declinedSilently'));
    else setAnnouncement(summary ? t('chat.stream.announceDone', { summary }) : t('chat.stream.announceEmpty'));
  }, [stream, t]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="stream-announcer">
      {announcement}
    </div>
  );
}

function stoppedText(t: TFunction, summary: string): string {
  return summary ? t('chat.stream.announceStopped', { summary }) : t('chat.stream.announceStoppedEmpty');
}
