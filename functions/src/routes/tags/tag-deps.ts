import type { TagDeps } from '../../domain/tags/deps.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { getConversation, listAllConversations, updateConversation } from '../../store/conversation-store.ts';
import * as tagStore from '../../store/tag-store.ts';

/** The stores behind every tag route. */
export const tagDeps: TagDeps = { ...tagStore, getConversation, updateConversation, listAllConversations, enqueueJobs: (jobs) => enqueueJobs(jobs) };
