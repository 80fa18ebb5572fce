import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { createOpenAIProvider } from '../../providers/llm/openai.ts';
import { runAsk } from './run-ask.ts';

export const handler = defineStreamingHandler('askOpenAI', (request) => runAsk(request, 'openAI', createOpenAIProvider));
