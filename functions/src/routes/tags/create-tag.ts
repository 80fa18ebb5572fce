import { requirePermission } from '../../domain/roles/permissions.ts';
import { createTag } from '../../domain/tags/tag-changes.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('createTag', async ({ auth, body, now }) => {
  await requirePermission(auth.role, 'BOOKMARKS', 'USE');
  return reply(await createTag(auth.userId, body, now, tagDeps), { status: 201 });
});
