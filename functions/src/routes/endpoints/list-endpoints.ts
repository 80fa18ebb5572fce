import { getAppConfig } from '../../config/app-config.ts';
import { readsImages } from '../../domain/chat/context-window.ts';
import { defineHandler } from '../../http/handler.ts';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';

const LABELS: Record<string, string> = {
  demo: 'Offline demo',
  openAI: 'OpenAI',
  azureOpenAI: 'Azure OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  bedrock: 'AWS Bedrock',
};

/** The configured endpoints in menu order; custom endpoints are labelled by their name. */
export const handler = defineHandler('listEndpoints', async () => {
  const config = getAppConfig().endpoints;
  return Object.fromEntries(
    availableEndpoints(config).map((endpoint, order) => [
      endpoint.name,
      {
        type: endpoint.kind,
        label: LABELS[endpoint.kind] ?? endpoint.name,
        order,
        userProvide: endpoint.userProvidesKey,
        demo: endpoint.kind === 'demo',
        visionModels: endpoint.models.filter((model) => readsImages(config, endpoint.name, model)),
      },
    ]),
  );
});
