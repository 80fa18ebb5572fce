import { updateFragment } from '../../domain/fragments/fragments.ts';
import { defineHandler } from '../../http/handler.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('updateFragment', async ({ auth, params, body, now }) => updateFragment(auth.userId, params.id, body, fragmentDeps(now)));
