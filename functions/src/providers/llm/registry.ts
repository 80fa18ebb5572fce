import type { EndpointsConfig } from '@meld/shared';
import { createAnthropicProvider } from './anthropic.ts';
import { createBedrockProvider } from './bedrock.ts';
import { createDemoProvider } from './demo.ts';
import { createGoogleProvider } from './google.ts';
import { createOpenAIProvider } from './openai.ts';
import { resolveApiKey, USER_PROVIDED } from './endpoints.ts';
import { ProviderError, type ChatProvider } from './types.ts';

export interface ResolveOptions {
  /** The custom endpoint's name when `endpoint` is 'custom'. */
  endpointName?: string;
  /** The user's own key, required when the endpoint's key is `user_provided`. */
  userKey?: string;
  /** Pause per demo word; tests pass 0. */
  demoWordDelayMs?: number;
}

function apiKeyFor(endpoint: string, configured: string, userKey: string | undefined): string {
  if (configured !== USER_PROVIDED) return resolveApiKey(configured);
  if (!userKey) throw new ProviderError(`Provide your own API key for ${endpoint} to use it`, 'no_user_key');
  return userKey;
}

function notConfigured(endpoint: string): ProviderError {
  return new ProviderError(`The endpoint "${endpoint}" is not configured on this server`, 'invalid_request_error', 400);
}

/** The adapter for a configured endpoint, with its key resolved; throws a ProviderError otherwise. */
export function resolveProvider(config: EndpointsConfig, endpoint: string, options: ResolveOptions = {}): ChatProvider {
  const name = endpoint === 'custom' ? (options.endpointName ?? '') : endpoint;
  const key = (configured: string) => apiKeyFor(name, configured, options.userKey);
  if (name === 'demo' && config.demo.enabled) return createDemoProvider({ wordDelayMs: options.demoWordDelayMs });
  if (name === 'openAI' && config.openAI) return createOpenAIProvider({ kind: 'openAI', endpoint: name, apiKey: key(config.openAI.apiKey), baseURL: config.openAI.baseURL });
  if (name === 'azureOpenAI' && config.azureOpenAI) {
    const azure = config.azureOpenAI;
    return createOpenAIProvider({ kind: 'azureOpenAI', endpoint: name, apiKey: key(azure.apiKey), azureEndpoint: azure.endpoint, apiVersion: azure.apiVersion });
  }
  if (name === 'anthropic' && config.anthropic) return createAnthropicProvider({ endpoint: name, apiKey: key(config.anthropic.apiKey), baseURL: config.anthropic.baseURL });
  if (name === 'google' && config.google) return createGoogleProvider({ endpoint: name, apiKey: key(config.google.apiKey), baseURL: config.google.baseURL });
  if (name === 'bedrock' && config.bedrock) return createBedrockProvider({ endpoint: name, region: config.bedrock.region });
  const custom = config.custom.find((candidate) => candidate.name === name);
  if (custom) return createOpenAIProvider({ kind: 'custom', endpoint: name, apiKey: key(custom.apiKey), baseURL: custom.baseURL });
  throw notConfigured(name || endpoint);
}
