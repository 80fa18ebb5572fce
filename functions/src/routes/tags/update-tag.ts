import { updateTag } from '../../domain/tags/tag-changes.ts';
import { defineHandler } from '../../http/handler.ts';
import { tagDeps } from './tag-deps.ts';

export const handler = defineHandler('updateTag', async ({ auth, params, body, now }) => updateTag(auth.userId, params.tag, body, now, tagDeps));
