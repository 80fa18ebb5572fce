import { liveReplies } from '../../domain/chat/live-replies.ts';
import { defineHandler } from '../../http/handler.ts';
import { liveReplyDeps } from './live-reply-deps.ts';

/** `GET /api/ask/live/{conversationId}`: the conversation's replies in progress, each with its text so far (decision 0039). */
export const handler = defineHandler('liveReplies', async ({ params, auth, now }) => ({
  replies: await liveReplies(auth.userId, params.conversationId, now, liveReplyDeps),
}));
