import { defineHandler } from '../../http/handler.ts';
import { endpointRetired } from './unavailable.ts';

export const handler = defineHandler('askChatGPTBrowser', async () => {
  throw endpointRetired('chatGPTBrowser', 'The chatGPTBrowser endpoint relayed the ChatGPT website unofficially and is not supported.', 'openAI');
});
