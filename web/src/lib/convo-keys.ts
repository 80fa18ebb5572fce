/** The list filters a conversation query can carry; the cursor belongs to the infinite query, not the key. */
export interface ConvoListFilters {
  isArchived?: boolean;
  sortBy?: 'updatedAt' | 'createdAt' | 'title';
  sortDirection?: 'asc' | 'desc';
  /** Tag names; the request joins them with commas (conversations carrying all of them). */
  tags?: readonly string[];
  search?: string;
}

/**
 * Conversation query keys, shared by the chat feature (sidebar, conversation view) and settings
 * (import, archive, delete all): both must reach the same caches. Invalidate `convoKeys.lists()`
 * after anything that changes which conversations exist or their order.
 */
export const convoKeys = {
  all: ['convos'] as const,
  lists: () => [...convoKeys.all, 'list'] as const,
  list: (filters: ConvoListFilters = {}) => [...convoKeys.lists(), filters] as const,
  details: () => [...convoKeys.all, 'detail'] as const,
  detail: (conversationId: string) => [...convoKeys.details(), conversationId] as const,
  messages: (conversationId: string) => [...convoKeys.all, 'messages', conversationId] as const,
};
