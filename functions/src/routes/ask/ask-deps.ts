import { randomUUID } from 'node:crypto';
import type { StartTurnDeps } from '../../domain/chat/start-turn.ts';
import type { StreamReplyDeps } from '../../domain/chat/stream-reply.ts';
import { getConversation, putConversation, updateConversation } from '../../store/conversation-store.ts';
import { clearRunning, isAbortRequested, markRunning } from '../../store/generation-store.ts';
import { getAllMessages, putMessage } from '../../store/message-store.ts';

/** How often a generating reply reads its abort flag: one GetItem each time. */
const ABORT_POLL_MS = 250;

export const startTurnDeps: StartTurnDeps = { getConversation, putConversation, getAllMessages, putMessage, newId: randomUUID };

export const streamReplyDeps: StreamReplyDeps = {
  putMessage,
  updateConversation,
  markRunning: (userId, generation) => markRunning(userId, generation, new Date()),
  clearRunning,
  isAbortRequested,
  now: () => new Date(),
  abortPollMs: ABORT_POLL_MS,
};
