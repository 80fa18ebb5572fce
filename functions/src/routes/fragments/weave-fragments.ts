import { weaveFragments } from '../../domain/fragments/weave.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('weaveFragments', async ({ auth, body, now }) => reply(await weaveFragments(auth.userId, body, fragmentDeps(now)), { status: 201 }));
