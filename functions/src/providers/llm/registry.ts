import type { EndpointsConfig } from '@meld/shared';
import type { AnthropicConnection } from './anthropic.ts';
import type { BedrockConnection } from './bedrock.ts';
import type { DemoProviderOptions } from './demo.ts';
import { resolveApiKey, USER_PROVIDED, type EndpointKind } from './endpoints.ts';
import type { GoogleConnection } from './google.ts';
import type { OpenAIConnection } from './openai.ts';
import { ProviderError, type ChatProvider } from './types.ts';

/*
 * Which configured endpoint a request means and how to reach it, without any provider SDK: only
 * types come from the adapters. Each chat route passes the result to its own adapter's factory,
 * so its bundle holds that one SDK.
 */

export interface ResolveOptions {
  /** The custom endpoint's name when the kind is 'custom'. */
  endpointName?: string;
  /** The user's own key, required when the endpoint's key is `user_provided`. */
  userKey?: string;
  /** Pause per demo word; tests pass 0. */
  demoWordDelayMs?: number;
}

/** Everything an adapter needs to reach one endpoint, keys resolved. */
export type Connection =
  | ({ kind: 'demo'; endpoint: 'demo' } & DemoProviderOptions)
  | OpenAIConnection
  | ({ kind: 'anthropic' } & AnthropicConnection)
  | ({ kind: 'google' } & GoogleConnection)
  | ({ kind: 'bedrock' } & BedrockConnection);

export type ConnectionOf<K extends EndpointKind> = Extract<Connection, { kind: K }>;

/** Builds the adapter for a connection of its kind: `createOpenAIProvider`, `createAnthropicProvider`… */
export type ProviderFactory<K extends EndpointKind> = (connection: ConnectionOf<K>) => ChatProvider;

function apiKeyFor(endpoint: string, configured: string, userKey: string | undefined): string {
  if (configured !== USER_PROVIDED) return resolveApiKey(configured);
  if (!userKey) throw new ProviderError(`Provide your own API key for ${endpoint} to use it`, 'no_user_key');
  return userKey;
}

function notConfigured(endpoint: string): ProviderError {
  return new ProviderError(`The endpoint "${endpoint}" is not configured on this server`, 'invalid_request_error', 400);
}

function connectionFor(config: EndpointsConfig, kind: EndpointKind, options: ResolveOptions): Connection | undefined {
  const key = (endpoint: string, configured: string) => apiKeyFor(endpoint, configured, options.userKey);
  switch (kind) {
    case 'demo':
      return config.demo.enabled ? { kind, endpoint: 'demo', wordDelayMs: options.demoWordDelayMs } : undefined;
    case 'openAI':
      return config.openAI && { kind, endpoint: kind, apiKey: key(kind, config.openAI.apiKey), baseURL: config.openAI.baseURL };
    case 'azureOpenAI': {
      const azure = config.azureOpenAI;
      return azure && { kind, endpoint: kind, apiKey: key(kind, azure.apiKey), azureEndpoint: azure.endpoint, apiVersion: azure.apiVersion };
    }
    case 'anthropic':
      return config.anthropic && { kind, endpoint: kind, apiKey: key(kind, config.anthropic.apiKey), baseURL: config.anthropic.baseURL };
    case 'google':
      return config.google && { kind, endpoint: kind, apiKey: key(kind, config.google.apiKey), baseURL: config.google.baseURL };
    case 'bedrock':
      return config.bedrock && { kind, endpoint: kind, region: config.bedrock.region };
    case 'custom': {
      const custom = config.custom.find((candidate) => candidate.name === options.endpointName);
      return custom && { kind, endpoint: custom.name, apiKey: key(custom.name, custom.apiKey), baseURL: custom.baseURL };
    }
  }
}

/**
 * The connection to a configured endpoint of `kind` (for 'custom', the one named
 * `options.endpointName`); throws a ProviderError when it is not configured or lacks a key.
 */
export function resolveConnection<K extends EndpointKind>(config: EndpointsConfig, kind: K, options: ResolveOptions = {}): ConnectionOf<K> {
  const connection = connectionFor(config, kind, options);
  if (!connection) throw notConfigured(kind === 'custom' ? options.endpointName || kind : kind);
  return connection as ConnectionOf<K>;
}
