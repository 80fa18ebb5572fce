import type { EndpointsConfig } from '@meld/shared';
import { createAnthropicProvider } from './anthropic.ts';
import { createBedrockProvider } from './bedrock.ts';
import { createDemoProvider } from './demo.ts';
import { createGoogleProvider } from './google.ts';
import { createOpenAIProvider } from './openai.ts';
import { ProviderError, type ChatProvider } from './types.ts';

export const DEMO_MODELS = ['meld-demo'];
const USER_PROVIDED = 'user_provided';

export type EndpointKind = 'demo' | 'openAI' | 'azureOpenAI' | 'anthropic' | 'google' | 'bedrock' | 'custom';

export interface AvailableEndpoint {
  /** The name the client sends: a built-in endpoint name or a custom endpoint's name. */
  name: string;
  kind: EndpointKind;
  models: string[];
  /** True when each user must bring their own key (`user_provided`). */
  userProvidesKey: boolean;
}

export interface ResolveOptions {
  /** The custom endpoint's name when `endpoint` is 'custom'. */
  endpointName?: string;
  /** The user's own key, required when the endpoint's key is `user_provided`. */
  userKey?: string;
  /** Pause per demo word; tests pass 0. */
  demoWordDelayMs?: number;
}

/** Resolves a configured key: `${ENV_NAME}` reads the environment, anything else is the key itself. */
export function resolveApiKey(value: string, env: NodeJS.ProcessEnv = process.env): string {
  const reference = /^\$\{(\w+)\}$/.exec(value);
  if (!reference) return value;
  const name = reference[1] as string;
  const resolved = env[name];
  if (!resolved) throw new ProviderError(`The server's API key variable ${name} is not set`, 'provider_error');
  return resolved;
}

/** Every configured endpoint with its models, in the order the model menu shows them. */
export function availableEndpoints(config: EndpointsConfig): AvailableEndpoint[] {
  const list: AvailableEndpoint[] = [];
  if (config.demo.enabled) list.push({ name: 'demo', kind: 'demo', models: DEMO_MODELS, userProvidesKey: false });
  for (const kind of ['openAI', 'azureOpenAI', 'anthropic', 'google'] as const) {
    const endpoint = config[kind];
    if (endpoint) list.push({ name: kind, kind, models: endpoint.models, userProvidesKey: endpoint.apiKey === USER_PROVIDED });
  }
  if (config.bedrock) list.push({ name: 'bedrock', kind: 'bedrock', models: config.bedrock.models, userProvidesKey: false });
  for (const custom of config.custom) list.push({ name: custom.name, kind: 'custom', models: custom.models, userProvidesKey: custom.apiKey === USER_PROVIDED });
  return list;
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
