import { clusterFragments } from '../../domain/fragments/themes.ts';
import { defineHandler } from '../../http/handler.ts';
import { listAllFragments } from '../../store/fragment-store.ts';

export const handler = defineHandler('listThemes', async ({ auth, now }) => ({ themes: clusterFragments(await listAllFragments(auth.userId), now) }));
