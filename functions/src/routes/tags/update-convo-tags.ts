import { requirePermission } from '../../domain/roles/permissions.ts';
import { setConversationTags } from '../../domain/tags/conversation-tags.ts';
import { defineHandler } from '../../http/handler.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('updateConvoTags', async ({ auth, params, body, now }) => {
  await requirePermission(auth.role, 'BOOKMARKS', 'USE');
  return setConversationTags(auth.userId, params.conversationId, body.tags, now, tagDeps);
});
