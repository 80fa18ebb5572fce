import type { Conversation, Tag } from '@meld/shared';
import type { BackgroundJob } from '../../jobs/job-types.ts';

/** The storage a tag operation needs; handlers pass the stores, tests may pass fakes. */
export interface TagDeps {
  listTags(userId: string): Promise<Tag[]>;
  getTag(userId: string, tag: string): Promise<Tag | undefined>;
  insertTag(tag: Tag): Promise<boolean>;
  updateTag(userId: string, tag: string, change: { description?: string | null | undefined; position?: number | undefined; updatedAt: string }): Promise<Tag | undefined>;
  setTagPositions(userId: string, positions: Record<string, number>): Promise<void>;
  deleteTag(userId: string, tag: string): Promise<boolean>;
  adjustTagCounts(userId: string, deltas: Record<string, number>, now?: string): Promise<void>;
  setTagCounts(userId: string, entries: { tag: string; count: number; position: number }[], now: string): Promise<void>;
  getConversation(userId: string, conversationId: string): Promise<Conversation | undefined>;
  updateConversation(userId: string, conversationId: string, change: (current: Conversation) => Conversation): Promise<Conversation | undefined>;
  listAllConversations(userId: string): Promise<Conversation[]>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
}
