import { deleteFragment } from '../../domain/fragments/fragments.ts';
import { defineHandler } from '../../http/handler.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('deleteFragment', async ({ auth, params, now }) => deleteFragment(auth.userId, params.id, fragmentDeps(now)));
