import { endpointKind, type EndpointsConfig } from '@meld/shared';
import { resolveConnection } from './registry.ts';
import { ProviderError, type ChatProvider, type ChatTurn } from './types.ts';

/*
 * A provider for routes that call a model outside the chat pipeline (the coach's question and
 * summary). Each factory is imported only when its kind is asked for, so a run loads the one SDK
 * the configured endpoint needs; the chat routes keep importing their own factory statically.
 */

/** The adapter for the configured endpoint `endpointName`; throws a ProviderError when there is none. */
export async function loadProvider(config: EndpointsConfig, endpointName: string): Promise<ChatProvider> {
  const kind = endpointKind(config, endpointName);
  switch (kind) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom': {
      const { createOpenAIProvider } = await import('./openai.ts');
      return createOpenAIProvider(resolveConnection(config, kind, { endpointName }));
    }
    case 'anthropic': {
      const { createAnthropicProvider } = await import('./anthropic.ts');
      return createAnthropicProvider(resolveConnection(config, kind));
    }
    case 'google': {
      const { createGoogleProvider } = await import('./google.ts');
      return createGoogleProvider(resolveConnection(config, kind));
    }
    case 'bedrock': {
      const { createBedrockProvider } = await import('./bedrock.ts');
      return createBedrockProvider(resolveConnection(config, kind));
    }
    case 'demo': {
      const { createDemoProvider } = await import('./demo.ts');
      return createDemoProvider(resolveConnection(config, kind));
    }
    case null:
      throw new ProviderError(`The endpoint "${endpointName}" is not configured on this server`, 'invalid_request_error', 400);
  }
}

/** The whole reply as text, read from the stream; gives up (throws) after `timeoutMs`. */
export async function completeText(provider: ChatProvider, model: string, messages: ChatTurn[], timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text = '';
  for await (const event of provider.stream({ model, messages, parameters: {}, signal })) {
    if (event.type === 'text') text += event.text;
  }
  // Adapters end quietly when aborted; a cut-off reply is not an answer.
  if (signal.aborted) throw new ProviderError(`The model did not answer within ${timeoutMs / 1000} s`, 'provider_error');
  return text;
}
