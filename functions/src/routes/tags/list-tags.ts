import { defineHandler } from '../../http/handler.ts';
import { listTags } from '../../store/tag-store.ts';

export const handler = defineHandler('listTags', async ({ auth }) => listTags(auth.userId));
