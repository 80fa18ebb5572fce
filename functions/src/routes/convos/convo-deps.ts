import { randomUUID } from 'node:crypto';
import type { CopyDeps, CopyJobDeps } from '../../domain/conversations/copy.ts';
import type { DeleteDeps } from '../../domain/conversations/delete.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { conversationItemsPage, deleteConversationItem, deleteConversationItems, getConversation, markCopied, putConversation } from '../../store/conversation-store.ts';
import { getAllMessages, putMessages, readMessageNodes } from '../../store/message-store.ts';
import { deleteAllSharesOfUser, deleteSharesForConversation } from '../../store/share-store.ts';
import { adjustTagCounts } from '../../store/tag-store.ts';

/** The stores behind duplicate and fork, in the request. */
export const copyDeps: CopyDeps = { getConversation, putConversation, deleteConversationItem, adjustTagCounts, enqueueJobs, messageNodes: readMessageNodes, newId: randomUUID };

/** The stores behind the worker's copy of the messages. */
export const copyJobDeps: CopyJobDeps = { getConversation, getAllMessages, putMessages, markCopied, enqueueJobs };

/** The stores behind the conversation deletes. */
export const deleteDeps: DeleteDeps = {
  getConversation,
  conversationItemsPage,
  deleteConversationItem,
  deleteConversationItems,
  deleteSharesForConversation,
  deleteAllSharesOfUser,
  adjustTagCounts,
  enqueueJobs,
};
