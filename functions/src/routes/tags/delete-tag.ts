import { requirePermission } from '../../domain/roles/permissions.ts';
import { deleteTag } from '../../domain/tags/tag-changes.ts';
import { defineHandler } from '../../http/handler.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('deleteTag', async ({ auth, params }) => {
  await requirePermission(auth.role, 'BOOKMARKS', 'USE');
  return deleteTag(auth.userId, params.tag, tagDeps);
});
