import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { createAnthropicProvider } from '../../providers/llm/anthropic.ts';
import { runAsk } from './run-ask.ts';

export const handler = defineStreamingHandler('askAnthropic', (request) => runAsk(request, 'anthropic', createAnthropicProvider));
