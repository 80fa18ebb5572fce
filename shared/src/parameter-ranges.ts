import type { ConversationSettings } from './schemas/conversation.ts';

/**
 * Which model parameters apply to an endpoint kind and model, and their ranges (spec 000 section
 * 5, output defaults of section 9). One source for the composer's parameters panel, the server's
 * range check, and the Claude rules the Anthropic and Bedrock adapters follow.
 */

export const PARAMETER_KINDS = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom', 'demo'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

export type NumericParameter = 'temperature' | 'top_p' | 'topP' | 'topK' | 'presence_penalty' | 'frequency_penalty' | 'max_tokens' | 'maxOutputTokens';

export interface NumberRange {
  key: NumericParameter;
  min: number;
  max: number;
  step: number;
  /** What the provider uses when the value is not sent; null when it depends on the model. */
  default: number | null;
}

export interface ParameterSet {
  /** In the order the panel shows them. */
  numbers: NumberRange[];
  /** Extended thinking, for Claude models that can think. */
  thinking: { default: boolean; budget: { min: number; max: number; step: number; default: number } } | null;
  maxStopSequences: number;
}

export const THINKING_BUDGET = { min: 1024, max: 200_000, step: 1, default: 2000 } as const;
export const MAX_STOP_SEQUENCES = 4;
/** Spec 000 section 9: output defaults 8192 for anthropic and google; legacy Claude models 4096. */
export const OUTPUT_DEFAULT = 8192;
export const LEGACY_CLAUDE_OUTPUT_CAP = 4096;

/** Claude models that can think: 3.7 and the 4 generation. Earlier ones are legacy (output capped at 4096). */
const claudeThinkingModel = /claude-(3-7|(opus|sonnet|haiku)-4|4)/;
const claudeThinkingByDefault = /claude-3-7/;
/** OpenAI's reasoning models refuse max_tokens and the sampling parameters. */
const openAIReasoningModel = /^(o\d|gpt-5)/;

export const isClaudeModel = (model: string): boolean => /claude/.test(model);
export const canClaudeThink = (model: string): boolean => claudeThinkingModel.test(model);
export const claudeThinksByDefault = (model: string): boolean => claudeThinkingByDefault.test(model);
export const isOpenAIReasoningModel = (model: string): boolean => openAIReasoningModel.test(model);

/** The default output budget of a Claude model, also served through Bedrock. */
export function claudeDefaultMaxTokens(model: string): number {
  return canClaudeThink(model) ? OUTPUT_DEFAULT : LEGACY_CLAUDE_OUTPUT_CAP;
}

/**
 * Output budget and thinking for a Claude model, also served through Bedrock: thinking is on by
 * default for the 3.7 generation, and its budget must stay below max tokens.
 */
export function claudeOutput(model: string, parameters: ConversationSettings): { maxTokens: number; thinkingBudget?: number } {
  let maxTokens = parameters.maxOutputTokens ?? parameters.max_tokens ?? claudeDefaultMaxTokens(model);
  if (!canClaudeThink(model) || !(parameters.thinking ?? claudeThinksByDefault(model))) return { maxTokens };
  const thinkingBudget = parameters.thinkingBudget ?? THINKING_BUDGET.default;
  // Keep the requested room for the answer on top of the thinking.
  if (maxTokens <= thinkingBudget) maxTokens += thinkingBudget;
  return { maxTokens, thinkingBudget };
}

const range = (key: NumericParameter, min: number, max: number, step: number, fallback: number | null): NumberRange => ({ key, min, max, step, default: fallback });

/**
 * What OpenAI's models write at most when no max_tokens is sent: their own output limit, as
 * OpenAI documents it per family (most specific first). Other models' limits are not known here.
 */
const OPENAI_OUTPUT_LIMITS: Array<[RegExp, number]> = [
  [/^gpt-5/, 128_000],
  [/^gpt-4\.1/, 32_768],
  [/^o1-mini/, 65_536],
  [/^o[134]/, 100_000],
  [/^gpt-4o/, 16_384],
  [/^gpt-4-turbo/, 4_096],
  [/^gpt-4/, 8_192],
  [/^gpt-3\.5/, 4_096],
];

/** The output an OpenAI (or Azure OpenAI) model writes when none is asked for; null when unknown. */
export function openAIDefaultMaxTokens(kind: ParameterKind, model: string): number | null {
  if (kind !== 'openAI' && kind !== 'azureOpenAI') return null;
  return OPENAI_OUTPUT_LIMITS.find(([pattern]) => pattern.test(model))?.[1] ?? null;
}

function openAIFamily(kind: ParameterKind, model: string): NumberRange[] {
  const maxTokens = range('max_tokens', 1, 128_000, 1, openAIDefaultMaxTokens(kind, model));
  if (kind !== 'custom' && kind !== 'demo' && isOpenAIReasoningModel(model)) return [maxTokens];
  return [range('temperature', 0, 2, 0.01, 1), range('top_p', 0, 1, 0.01, 1), range('frequency_penalty', 0, 2, 0.01, 0), range('presence_penalty', 0, 2, 0.01, 0), maxTokens];
}

function claudeOutputRange(model: string): NumberRange {
  return canClaudeThink(model) ? range('maxOutputTokens', 1, 128_000, 1, OUTPUT_DEFAULT) : range('maxOutputTokens', 1, LEGACY_CLAUDE_OUTPUT_CAP, 1, LEGACY_CLAUDE_OUTPUT_CAP);
}

function claudeThinking(model: string): ParameterSet['thinking'] {
  return canClaudeThink(model) ? { default: claudeThinksByDefault(model), budget: { ...THINKING_BUDGET } } : null;
}

const SAMPLING: ReadonlySet<NumericParameter> = new Set(['temperature', 'topP', 'top_p', 'topK']);

/**
 * The parameters that apply to `model` on an endpoint of `kind`. The demo stands in for an
 * OpenAI-compatible model, so it takes the same parameters (and ignores them). While a Claude
 * model thinks (`thinking`, else its default), its sampling cannot be changed, so those drop out.
 */
export function parametersFor(kind: ParameterKind, model: string, options: { thinking?: boolean | null } = {}): ParameterSet {
  const set = allParametersFor(kind, model);
  if (!set.thinking || !(options.thinking ?? set.thinking.default)) return set;
  return { ...set, numbers: set.numbers.filter((range) => !SAMPLING.has(range.key)) };
}

function allParametersFor(kind: ParameterKind, model: string): ParameterSet {
  const base = { thinking: null, maxStopSequences: MAX_STOP_SEQUENCES };
  switch (kind) {
    case 'anthropic':
      // Anthropic's API version 2026-10-21 (sent by its SDK 1.x) answers 400 to temperature, top_p and
      // top_k, so the adapter sends none and the panel offers none; spec 000's 0-1 temperature lives on
      // where Claude still takes it (Bedrock).
      return { ...base, numbers: [claudeOutputRange(model)], thinking: claudeThinking(model) };
    case 'google':
      return { ...base, numbers: [range('temperature', 0, 2, 0.01, 1), range('topP', 0, 1, 0.01, 0.95), range('topK', 1, 40, 1, null), range('maxOutputTokens', 1, 64_000, 1, OUTPUT_DEFAULT)] };
    case 'bedrock':
      // Bedrock's Converse API takes temperature, top-p and max tokens; each model family keeps its ranges.
      if (isClaudeModel(model)) return { ...base, numbers: [range('temperature', 0, 1, 0.01, 1), range('topP', 0, 1, 0.01, null), claudeOutputRange(model)], thinking: claudeThinking(model) };
      return { ...base, numbers: [range('temperature', 0, 1, 0.01, null), range('topP', 0, 1, 0.01, null), range('maxOutputTokens', 1, OUTPUT_DEFAULT, 1, null)] };
    default:
      return { ...base, numbers: openAIFamily(kind, model) };
  }
}

/** Names that mean the same parameter, as LibreChat clients send either. */
const ALIASES: Partial<Record<NumericParameter, NumericParameter>> = { topP: 'top_p', top_p: 'topP', maxOutputTokens: 'max_tokens', max_tokens: 'maxOutputTokens' };

const inRange = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/**
 * The first setting outside the range that applies to `model` on `kind`, or null when all fit.
 * Settings that do not apply (a topK kept from another endpoint) are left to the adapter to ignore.
 */
export function checkParameters(kind: ParameterKind, model: string, settings: ConversationSettings): { param: string; message: string } | null {
  const set = parametersFor(kind, model, { thinking: settings.thinking });
  for (const { key, min, max } of set.numbers) {
    for (const name of [key, ALIASES[key]]) {
      if (!name) continue;
      const value = settings[name];
      if (value === null || value === undefined || inRange(value, min, max)) continue;
      return { param: name, message: `${name} must be between ${min} and ${max} for ${model}` };
    }
  }
  const budget = settings.thinkingBudget;
  if (set.thinking && budget !== null && budget !== undefined && !inRange(budget, set.thinking.budget.min, set.thinking.budget.max)) {
    return { param: 'thinkingBudget', message: `thinkingBudget must be between ${set.thinking.budget.min} and ${set.thinking.budget.max}` };
  }
  if ((settings.stop?.length ?? 0) > set.maxStopSequences) return { param: 'stop', message: `At most ${set.maxStopSequences} stop sequences` };
  return null;
}
