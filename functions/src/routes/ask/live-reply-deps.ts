import type { LiveReplyDeps } from '../../domain/chat/live-replies.ts';
import { getConversation, getConversations } from '../../store/conversation-store.ts';
import { listRunning } from '../../store/generation-store.ts';
import { getMessage } from '../../store/message-store.ts';
import { readReplyChunks } from '../../store/reply-progress-store.ts';

/** The stores the live-reply routes read, apart from the chat pipeline's, so their bundles stay small. */
export const liveReplyDeps: LiveReplyDeps = {
  getConversation,
  getConversations,
  listRunning,
  readChunks: readReplyChunks,
  getMessage,
};
