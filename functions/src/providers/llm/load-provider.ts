import { endpointKind, type EndpointsConfig } from '@meld/shared';
import { resolveConnection } from './registry.ts';
import { ProviderError, type ChatProvider, type ChatTurn } from './types.ts';

/*
 * A provider for routes that call a model outside the chat pipeline (the coach's question and
 * summary). Each factory is imported only when its kind is asked for, so a run loads the one SDK
 * the configured endpoint needs; the chat routes keep importing their own factory statically.
 *
 * A Lambda bundle would still carry every SDK (esbuild inlines dynamic imports), so the stack
 * defines `process.env.MELD_COACH_ADAPTER` at bundle time to the coach's adapter (`coachAdapter`
 * in @meld/shared): each guard below then folds to a constant and esbuild drops the other SDKs.
 * Unbundled (the local runtime, tests) it is unset and every adapter loads.
 */

const notBundled = (endpointName: string) =>
  new ProviderError(`The endpoint "${endpointName}" is not the coach this function was built for`, 'invalid_request_error', 400);

/** The adapter for the configured endpoint `endpointName`; throws a ProviderError when there is none. */
export async function loadProvider(config: EndpointsConfig, endpointName: string): Promise<ChatProvider> {
  const kind = endpointKind(config, endpointName);
  switch (kind) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
      if (process.env.MELD_COACH_ADAPTER === undefined || process.env.MELD_COACH_ADAPTER === 'openai') {
        const { createOpenAIProvider } = await import('./openai.ts');
        return createOpenAIProvider(resolveConnection(config, kind, { endpointName }));
      }
      throw notBundled(endpointName);
    case 'anthropic':
      if (process.env.MELD_COACH_ADAPTER === undefined || process.env.MELD_COACH_ADAPTER === 'anthropic') {
        const { createAnthropicProvider } = await import('./anthropic.ts');
        return createAnthropicProvider(resolveConnection(config, kind));
      }
      throw notBundled(endpointName);
    case 'google':
      if (process.env.MELD_COACH_ADAPTER === undefined || process.env.MELD_COACH_ADAPTER === 'google') {
        const { createGoogleProvider } = await import('./google.ts');
        return createGoogleProvider(resolveConnection(config, kind));
      }
      throw notBundled(endpointName);
    case 'bedrock':
      if (process.env.MELD_COACH_ADAPTER === undefined || process.env.MELD_COACH_ADAPTER === 'bedrock') {
        const { createBedrockProvider } = await import('./bedrock.ts');
        return createBedrockProvider(resolveConnection(config, kind));
      }
      throw notBundled(endpointName);
    case 'demo': {
      // The demo adapter has no SDK: always bundled.
      const { createDemoProvider } = await import('./demo.ts');
      return createDemoProvider(resolveConnection(config, kind));
    }
    case null:
      throw new ProviderError(`The endpoint "${endpointName}" is not configured on this server`, 'invalid_request_error', 400);
  }
}

/** The whole reply as text, read from the stream; gives up (throws) after `timeoutMs` or when the model declines. */
export async function completeText(provider: ChatProvider, model: string, messages: ChatTurn[], timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text = '';
  for await (const event of provider.stream({ model, messages, parameters: {}, signal })) {
    if (event.type === 'text') text += event.text;
    // A declined request has no answer to use: its callers fail as they do on a provider error.
    if (event.type === 'done' && event.finishReason === 'refused') throw new ProviderError(`The model declined to answer${event.reason ? `: ${event.reason}` : ''}`, 'moderation');
  }
  // Adapters end quietly when aborted; a cut-off reply is not an answer.
  if (signal.aborted) throw new ProviderError(`The model did not answer within ${timeoutMs / 1000} s`, 'provider_error');
  return text;
}
