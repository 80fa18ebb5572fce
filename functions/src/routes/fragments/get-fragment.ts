import { getFragment } from '../../domain/fragments/fragments.ts';
import { defineHandler } from '../../http/handler.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('getFragment', async ({ auth, params, now }) => getFragment(auth.userId, params.id, fragmentDeps(now)));
