import { defineStreamingHandler } from '../../http/streaming-handler.ts';
import { createBedrockProvider } from '../../providers/llm/bedrock.ts';
import { runAsk } from './run-ask.ts';

export const handler = defineStreamingHandler('bedrockChat', (request) => runAsk(request, 'bedrock', createBedrockProvider));
