import { issueMentorToken } from '../../domain/mentor-interview/admin.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { mentorAdminDeps } from './admin-deps.ts';

/** The new link, shown to the admin once (responses are never cached). */
export const handler = defineHandler('generateMentorToken', async ({ params, now }) => reply(await issueMentorToken(params.id, mentorAdminDeps, now), { status: 201 }));
