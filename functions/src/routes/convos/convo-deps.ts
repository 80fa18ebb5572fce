import { randomUUID } from 'node:crypto';
import type { CopyDeps } from '../../domain/conversations/copy.ts';
import type { DeleteDeps } from '../../domain/conversations/delete.ts';
import { deleteConversationItem, getConversation, listAllConversations, putConversation } from '../../store/conversation-store.ts';
import { deleteAllMessages, getAllMessages, putMessages } from '../../store/message-store.ts';
import { deleteAllSharesOfUser, deleteSharesForConversation } from '../../store/share-store.ts';
import { adjustTagCounts } from '../../store/tag-store.ts';
import { deleteToolCalls } from '../../store/tool-call-store.ts';

/** The stores behind duplicate and fork. */
export const copyDeps: CopyDeps = { getConversation, getAllMessages, putMessages, putConversation, adjustTagCounts, newId: randomUUID };

/** The stores behind the conversation deletes. */
export const deleteDeps: DeleteDeps = {
  getConversation,
  listAllConversations,
  deleteAllMessages,
  deleteToolCalls,
  deleteConversationItem,
  deleteSharesForConversation,
  deleteAllSharesOfUser,
  adjustTagCounts,
};
