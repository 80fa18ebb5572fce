import type { EndpointsConfig } from '@meld/shared';
import { ProviderError } from './types.ts';

/* What is configured, kept apart from the adapters so routes that only list endpoints do not bundle the provider SDKs. */

export const DEMO_MODELS = ['meld-demo'];
export const USER_PROVIDED = 'user_provided';

export type EndpointKind = 'demo' | 'openAI' | 'azureOpenAI' | 'anthropic' | 'google' | 'bedrock' | 'custom';

export interface AvailableEndpoint {
  /** The name the client sends: a built-in endpoint name or a custom endpoint's name. */
  name: string;
  kind: EndpointKind;
  models: string[];
  /** True when each user must bring their own key (`user_provided`). */
  userProvidesKey: boolean;
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
