import { endpointKind, type EndpointsConfig } from '@meld/shared';
import { DomainError } from '../../domain/errors.ts';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import { resolveConnection, type ResolveOptions } from '../../providers/llm/registry.ts';
import type { ChatProvider } from '../../providers/llm/types.ts';

/** The kinds whose adapters call tools; the demo endpoint only echoes, so no agent runs on it. */
export type AgentEndpointKind = Exclude<EndpointKind, 'demo'>;

/**
 * The endpoint kind of an agent's provider; refused with invalid_agent_provider (spec 000 section 8)
 * when the server no longer configures it, or it is the demo. Checked before anything is counted.
 */
export function agentEndpointKind(config: EndpointsConfig, provider: string): AgentEndpointKind {
  const kind = endpointKind(config, provider);
  if (kind === null || kind === 'demo') {
    throw new DomainError('unprocessable', 'invalid_agent_provider', `The "${provider}" provider is not available for agents`, 'agent_id', { provider });
  }
  return kind;
}

const notBundled = (provider: string) => new DomainError('unprocessable', 'invalid_agent_provider', `The "${provider}" provider is not available for agents on this deployment`, 'agent_id', { provider });

/**
 * The agent's provider, its adapter imported only when an agent on that kind runs: one function
 * serves every provider, and a cold start evaluates no SDK it does not use. The stack defines each
 * `MELD_AGENT_ADAPTER_*` at bundle time ('off' when no endpoint uses that adapter: bundleDefine in
 * infra), so the guards fold to constants and esbuild drops the SDKs of unconfigured kinds.
 * Unbundled (the local runtime, tests) they are unset and every adapter loads.
 */
export async function loadAgentProvider(config: EndpointsConfig, kind: AgentEndpointKind, provider: string, options: ResolveOptions): Promise<ChatProvider> {
  switch (kind) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
      if (process.env.MELD_AGENT_ADAPTER_OPENAI !== 'off') {
        const { createOpenAIProvider } = await import('../../providers/llm/openai.ts');
        return createOpenAIProvider(resolveConnection(config, kind, { ...options, endpointName: provider }));
      }
      throw notBundled(provider);
    case 'anthropic':
      if (process.env.MELD_AGENT_ADAPTER_ANTHROPIC !== 'off') {
        const { createAnthropicProvider } = await import('../../providers/llm/anthropic.ts');
        return createAnthropicProvider(resolveConnection(config, kind, options));
      }
      throw notBundled(provider);
    case 'google':
      if (process.env.MELD_AGENT_ADAPTER_GOOGLE !== 'off') {
        const { createGoogleProvider } = await import('../../providers/llm/google.ts');
        return createGoogleProvider(resolveConnection(config, kind, options));
      }
      throw notBundled(provider);
    case 'bedrock':
      if (process.env.MELD_AGENT_ADAPTER_BEDROCK !== 'off') {
        const { createBedrockProvider } = await import('../../providers/llm/bedrock.ts');
        return createBedrockProvider(resolveConnection(config, kind, options));
      }
      throw notBundled(provider);
  }
}
