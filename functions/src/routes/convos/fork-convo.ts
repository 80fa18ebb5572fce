import { forkConversation } from '../../domain/conversations/copy.ts';
import { defineHandler } from '../../http/handler.ts';
import { copyDeps } from './convo-deps.ts';

// 200, not 201: LibreChat answers fork with a plain 200 (and duplicate with 201).
export const handler = defineHandler('forkConvo', async ({ body, auth, now }) => {
  const { conversationId, ...request } = body;
  return forkConversation(auth.userId, conversationId, request, now, copyDeps);
});
