/** Route ids that are not stored conversations (spec 000 section 2); a leading underscore means a cancelled one. */
const SPECIAL_IDS = new Set(['new', 'PENDING', 'search']);

export function isNewConversationId(conversationId: string | undefined): boolean {
  return !conversationId || SPECIAL_IDS.has(conversationId) || conversationId.startsWith('_');
}

export const UNTITLED = 'New Chat';
