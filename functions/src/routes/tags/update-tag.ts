import { requirePermission } from '../../domain/roles/permissions.ts';
import { updateTag } from '../../domain/tags/tag-changes.ts';
import { defineHandler } from '../../http/handler.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('updateTag', async ({ auth, params, body, now }) => {
  await requirePermission(auth.role, 'BOOKMARKS', 'USE');
  return updateTag(auth.userId, params.tag, body, now, tagDeps);
});
