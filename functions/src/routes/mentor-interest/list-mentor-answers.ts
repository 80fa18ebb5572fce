import { listAnswers } from '../../domain/mentor-interview/admin.ts';
import { defineHandler } from '../../http/handler.ts';
import { mentorAdminDeps } from './admin-deps.ts';

export const handler = defineHandler('listMentorAnswers', async ({ query }) => listAnswers(query.mentorId, mentorAdminDeps));
