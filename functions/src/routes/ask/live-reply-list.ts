import { listLiveReplies } from '../../domain/chat/live-replies.ts';
import { defineHandler } from '../../http/handler.ts';
import { liveReplyDeps } from './live-reply-deps.ts';

/** `GET /api/ask/live`: which of the member's conversations have a reply in progress (decision 0039). */
export const handler = defineHandler('liveReplyList', async ({ auth, now }) => ({
  replying: await listLiveReplies(auth.userId, now, liveReplyDeps),
}));
