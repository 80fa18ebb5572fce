import { defineHandler } from '../../http/handler.ts';
import { listToolCalls } from '../../store/tool-call-store.ts';

/** A conversation's code runs, so a reloaded reply shows each code block's last output. */
export const handler = defineHandler('listToolCalls', async ({ query, auth }) => listToolCalls(auth.userId, query.conversationId));
