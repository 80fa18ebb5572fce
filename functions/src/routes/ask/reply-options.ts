import type { EndpointsConfig } from '@meld/shared';
import type { Turn } from '../../domain/chat/start-turn.ts';
import { ReplyRefused, type ReplyOptions } from '../../domain/chat/stream-reply.ts';
import type { TitleSource } from '../../domain/chat/title.ts';
import { ChatRefusal } from '../../domain/limits/chat-refusal.ts';
import { logger } from '../../http/logger.ts';
import type { EndpointKind } from '../../providers/llm/endpoints.ts';
import type { ChatProvider } from '../../providers/llm/types.ts';
import { estimatePromptTokens, estimateTokens } from '../../providers/llm/usage-estimate.ts';
import { chatGuards } from '../balance/chat-guards.ts';

/** The longest a new conversation's `final` → `title` gap may take before the opening words stand in. */
const TITLE_TIMEOUT_MS = 10_000;

/** The model that writes titles: the endpoint's `titleModel`, else the conversation's own. The demo has none. */
function titleSource(provider: ChatProvider, kind: EndpointKind, config: EndpointsConfig, model: string): TitleSource | null {
  if (kind === 'demo') return null;
  const configured = kind === 'custom' ? config.custom.find((custom) => custom.name === provider.endpoint)?.titleModel : kind === 'openAI' || kind === 'anthropic' || kind === 'google' ? config[kind]?.titleModel : undefined;
  return { provider, model: configured ?? model, timeoutMs: TITLE_TIMEOUT_MS };
}

/**
 * The reply's balance check, spending and title writer, wired to this endpoint and the stores.
 * `release` frees the reply's slot as soon as it is saved: the title may take seconds more.
 */
export function replyOptions(turn: Turn, provider: ChatProvider, kind: EndpointKind, config: EndpointsConfig, release: () => Promise<void>): ReplyOptions {
  const model = turn.settings.model ?? '';
  const endpoint = provider.endpoint;
  return {
    titleSource: titleSource(provider, kind, config, model),
    afterSave: release,
    async beforeGenerate() {
      try {
        await chatGuards.checkBalance(turn.userId, { promptTokens: estimatePromptTokens(turn.history), model, endpoint }, new Date());
      } catch (error) {
        if (error instanceof ChatRefusal) throw new ReplyRefused(error.type, error.message, error.info);
        throw error;
      }
    },
    async onSaved(reply, usage) {
      const spent = usage ?? { promptTokens: estimatePromptTokens(turn.history), completionTokens: estimateTokens(reply.text) };
      // The reply is saved and shown; a failed spend is logged, never turned into an error for the user.
      await chatGuards.recordUsage(turn.userId, { ...spent, model, endpoint }, new Date()).catch((error: unknown) => logger.error('Recording token usage failed', { error, messageId: reply.messageId }));
    },
  };
}
