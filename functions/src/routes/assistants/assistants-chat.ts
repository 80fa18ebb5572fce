import { defineHandler } from '../../http/handler.ts';
import { endpointRetired } from '../ask/unavailable.ts';

/** Both versions (LibreChat's client sends assistants and azureAssistants here) stood on the Assistants API. */
export const handler = defineHandler('assistantsChat', async () => {
  throw endpointRetired('assistants', 'Assistants ran on the Assistants API, which OpenAI shut down on 26 August 2026.', 'openAI or azureOpenAI');
});
