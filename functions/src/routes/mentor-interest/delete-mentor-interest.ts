import { deleteMentor } from '../../domain/admin/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { deleteMentorInterview } from '../../store/mentor-interview-store.ts';

/** The sign-up with its interview: answers, recordings, link and e-mail claim. */
export const handler = defineHandler('deleteMentorInterest', async ({ params }) => deleteMentor(params.id, { deleteMentorInterview }));
