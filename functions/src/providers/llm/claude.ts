import type { ConversationSettings } from '@meld/shared';
import { given } from './adapter-kit.ts';

const DEFAULT_THINKING_BUDGET = 2000;
/** Claude models that can think: 3.7 and the 4 generation. */
const thinkingModel = /claude-(3-7|(opus|sonnet|haiku)-4|4)/;
const defaultThinkingModel = /claude-3-7/;

/** Output defaults per model generation: the 3.7 and 4 families allow longer replies than their predecessors. */
function defaultMaxTokens(model: string): number {
  return thinkingModel.test(model) ? 8192 : 4096;
}

/**
 * Output budget and thinking for a Claude model, also served through Bedrock: thinking is on by
 * default for the 3.7 generation, and its budget must stay below max tokens.
 */
export function claudeOutput(model: string, parameters: ConversationSettings): { maxTokens: number; thinkingBudget?: number } {
  let maxTokens = given(parameters.maxOutputTokens, parameters.max_tokens) ?? defaultMaxTokens(model);
  if (!thinkingModel.test(model) || !(parameters.thinking ?? defaultThinkingModel.test(model))) return { maxTokens };
  const thinkingBudget = parameters.thinkingBudget ?? DEFAULT_THINKING_BUDGET;
  // Keep the requested room for the answer on top of the thinking.
  if (maxTokens <= thinkingBudget) maxTokens += thinkingBudget;
  return { maxTokens, thinkingBudget };
}
