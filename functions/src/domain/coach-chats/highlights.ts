import type { Message } from '@meld/shared';
import type { StoredCoachHighlight, StoredCoachMessageState } from '../../store/coach-chat-store.ts';

/** The reply's opening the log shows; the whole reply stays in its conversation. */
export const HIGHLIGHT_EXCERPT_CHARS = 500;

export interface HighlightDeps {
  markCoachHighlight(userId: string, highlight: StoredCoachHighlight): Promise<StoredCoachMessageState>;
  clearCoachHighlight(userId: string, threadId: string, messageId: string): Promise<StoredCoachMessageState>;
}

/**
 * Keeps a coach reply's log highlight in step with its marks after a reaction or bookmark wrote
 * them: the first mark dates it (a second mark keeps that day), clearing both removes it. A
 * member's own messages are never highlights. Writes only when the state changes.
 */
export async function syncHighlight(userId: string, threadId: string, message: Message, state: StoredCoachMessageState, now: Date, deps: HighlightDeps): Promise<StoredCoachMessageState> {
  const marked = !message.isCreatedByUser && (state.thumbsUp === true || state.bookmarkedFragmentId !== undefined);
  if (marked && !state.highlight) {
    return deps.markCoachHighlight(userId, {
      threadId,
      conversationId: message.conversationId,
      messageId: message.messageId,
      markedAt: now.toISOString(),
      excerpt: message.text.slice(0, HIGHLIGHT_EXCERPT_CHARS),
    });
  }
  if (!marked && state.highlight) return deps.clearCoachHighlight(userId, threadId, message.messageId);
  return state;
}
