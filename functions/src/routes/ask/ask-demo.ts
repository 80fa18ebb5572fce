import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { createDemoProvider } from '../../providers/llm/demo.ts';
import { runAsk } from './run-ask.ts';

export const handler = defineStreamingHandler('askDemo', (request) => runAsk(request, 'demo', createDemoProvider));
