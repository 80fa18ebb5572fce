import { defineHandler } from '../../http/handler.ts';
import { endpointRetired } from './unavailable.ts';

export const handler = defineHandler('askGptPlugins', async () => {
  throw endpointRetired('gptPlugins', 'ChatGPT plugins were retired by OpenAI in 2024.', 'openAI or azureOpenAI');
});
