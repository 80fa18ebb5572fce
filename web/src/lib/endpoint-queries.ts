import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The endpoints and models on offer: the composer's menu and the agent builder's provider list read them. */
export const endpointKeys = {
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
};

/** The server's configuration changes rarely. */
export const endpointsQuery = queryOptions({
  queryKey: endpointKeys.endpoints,
  queryFn: ({ signal }) => apiRequest('listEndpoints', { signal }),
  staleTime: 10 * 60_000,
});

export const modelsQuery = queryOptions({
  queryKey: endpointKeys.models,
  queryFn: ({ signal }) => apiRequest('listModels', { signal }),
  staleTime: 10 * 60_000,
});
