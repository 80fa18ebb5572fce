import { listFragments } from '../../domain/fragments/fragments.ts';
import { defineHandler } from '../../http/handler.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('listFragments', async ({ auth, query, now }) => listFragments(auth.userId, query, fragmentDeps(now)));
