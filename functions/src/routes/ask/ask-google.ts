import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { createGoogleProvider } from '../../providers/llm/google.ts';
import { runAsk } from './run-ask.ts';

export const handler = defineStreamingHandler('askGoogle', (request) => runAsk(request, 'google', createGoogleProvider));
