import type { ShareDeps } from '../../domain/share/shares.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { getAllMessages } from '../../store/message-store.ts';
import * as shareStore from '../../store/share-store.ts';

/** The stores behind every shared-link route. */
export const shareDeps: ShareDeps = { ...shareStore, getConversation, getAllMessages };
