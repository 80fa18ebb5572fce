import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { runAgentChat } from './run-agent-chat.ts';

export const handler = defineStreamingHandler('agentsChat', runAgentChat);
