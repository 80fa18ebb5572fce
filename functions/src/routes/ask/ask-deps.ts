import { enqueueJob } from '../../jobs/job-queue.ts';
import { randomUUID } from 'node:crypto';
import type { StartTurnDeps } from '../../domain/chat/start-turn.ts';
import type { StreamReplyDeps } from '../../domain/chat/stream-reply.ts';
import { logger } from '../../http/logger.ts';
import { sweepIfAccountDeleted } from '../../store/account-store.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { getConversation, putConversation, updateConversation } from '../../store/conversation-store.ts';
import { getFiles, markFilesAttached } from '../../store/file-store.ts';
import { cacheExtractedText } from '../../store/file-text-store.ts';
import { clearRunning, isAbortRequested, markRunning } from '../../store/generation-store.ts';
import { getAllMessages, putMessage } from '../../store/message-store.ts';
import { appendReplyChunk } from '../../store/reply-progress-store.ts';

/** How often a generating reply reads its abort flag: one GetItem each time. */
const ABORT_POLL_MS = 250;
/** How often a reply in progress is checkpointed for other tabs (decision 0039): one PutItem each time. */
const PROGRESS_INTERVAL_MS = 1_000;

const fileObjects = bucketObjects('files');

export const startTurnDeps: StartTurnDeps = {
  getConversation,
  putConversation,
  getAllMessages,
  putMessage,
  newId: randomUUID,
  files: {
    getFiles,
    readBytes: (file) => fileObjects.getBytes(file.objectKey),
    cacheText: cacheExtractedText,
    markAttached: (userId, fileIds) => markFilesAttached(userId, fileIds, new Date()),
  },
};

export const streamReplyDeps: StreamReplyDeps = {
  putMessage,
  updateConversation,
  markRunning,
  clearRunning,
  isAbortRequested,
  progress: {
    append: appendReplyChunk,
    intervalMs: PROGRESS_INTERVAL_MS,
    // The reply goes on: readers elsewhere see it a checkpoint later, or once it is saved.
    failed: (error) => logger.warn('Writing a reply checkpoint failed', { error }),
  },
  sweepIfAccountDeleted,
  purgeConversation: (userId, conversationId) => enqueueJob({ kind: 'purgeConversations', userId, conversationIds: [conversationId] }),
  now: () => new Date(),
  abortPollMs: ABORT_POLL_MS,
};
