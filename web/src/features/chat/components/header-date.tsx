import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { useMatch } from 'react-router-dom';
import { useNow } from '@/lib/use-now.ts';
import { convoQuery } from '../api/conversation-queries.ts';
import { isNewConversationId } from '../lib/conversation-id.ts';
import { dateFormat } from '@/lib/date-format.ts';

/**
 * The phone header's title (spec 000, mobile header): the open conversation's date, or today's on
 * a new chat and on pages that are not a conversation. Blank while the conversation loads, so a
 * wrong date never flashes.
 */
export function HeaderDate() {
  const { i18n } = useTranslation();
  const now = useNow();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;
  const stored = !isNewConversationId(conversationId);
  // The conversation view asks for the same query: this reads its cache entry, not the network again.
  const conversation = useQuery({ ...convoQuery(conversationId ?? ''), enabled: stored });
  const date = stored ? (conversation.data ? new Date(conversation.data.createdAt) : null) : now;
  if (!date || Number.isNaN(date.getTime())) return null;
  return (
    <p className="truncate text-sm font-medium text-ink">
      <time dateTime={date.toISOString()}>{dateFormat(i18n.language, { dateStyle: 'long' }).format(date)}</time>
    </p>
  );
}
