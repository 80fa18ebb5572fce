import { createFragment } from '../../domain/fragments/fragments.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { fragmentDeps } from './fragment-deps.ts';

export const handler = defineHandler('createFragment', async ({ auth, body, now }) => reply(await createFragment(auth.userId, body, fragmentDeps(now)), { status: 201 }));
