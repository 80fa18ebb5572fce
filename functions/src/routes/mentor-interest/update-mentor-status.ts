import { setMentorStatus } from '../../domain/mentor-interview/admin.ts';
import { defineHandler } from '../../http/handler.ts';
import { mentorAdminDeps } from './admin-deps.ts';

export const handler = defineHandler('updateMentorStatus', async ({ params, body, now }) => setMentorStatus(params.id, body.status, mentorAdminDeps, now));
