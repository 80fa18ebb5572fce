import { getAppConfig } from '../../config/app-config.ts';
import { defineHandler } from '../../http/handler.ts';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';

/** Each configured endpoint's models, by endpoint name. */
export const handler = defineHandler('listModels', async () =>
  Object.fromEntries(availableEndpoints(getAppConfig().endpoints).map((endpoint) => [endpoint.name, endpoint.models])),
);
