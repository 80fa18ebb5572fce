import { listMentors } from '../../domain/mentor-interview/admin.ts';
import { defineHandler } from '../../http/handler.ts';
import { mentorAdminDeps } from './admin-deps.ts';

export const handler = defineHandler('listMentorInterest', async () => listMentors(mentorAdminDeps));
