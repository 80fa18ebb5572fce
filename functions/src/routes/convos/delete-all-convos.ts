import { deleteAllConversations } from '../../domain/conversations/delete.ts';
import { defineHandler } from '../../http/handler.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { deleteDeps } from './convo-deps.ts';

/**
 * How long the request itself removes conversation items (each page's content goes to the worker)
 * before it hands the rest to the worker too: well inside API Gateway's 30 s.
 */
const REQUEST_BUDGET_MS = 15_000;

export const handler = defineHandler('deleteAllConvos', async ({ auth }) => {
  const { deleted, finished } = await deleteAllConversations(auth.userId, Date.now() + REQUEST_BUDGET_MS, deleteDeps);
  if (!finished) await enqueueJob({ kind: 'deleteAllConversations', userId: auth.userId });
  return { deletedCount: deleted };
});
