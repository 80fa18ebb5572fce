import { requirePermission } from '../../domain/roles/permissions.ts';
import { rebuildTags } from '../../domain/tags/conversation-tags.ts';
import { defineHandler } from '../../http/handler.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('rebuildTags', async ({ auth, now }) => {
  await requirePermission(auth.role, 'BOOKMARKS', 'USE');
  return rebuildTags(auth.userId, now, tagDeps);
});
