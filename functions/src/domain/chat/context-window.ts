import type { ConversationSettings, EndpointsConfig } from '@meld/shared';

/**
 * Context windows of the model families the built-in endpoints serve, most specific first. A
 * model not listed (a custom endpoint's own) gets the smallest window common today, so an
 * attached document never overflows it; `maxContextTokens` on the conversation overrides both.
 */
const CONTEXT_WINDOWS: Array<[RegExp, number]> = [
  [/gpt-4\.1/, 1_047_576],
  [/gpt-5/, 400_000],
  [/\bo[34]\b|\bo[34]-/, 200_000],
  [/gpt-4o|gpt-4-turbo|\bo1\b|\bo1-/, 128_000],
  [/gpt-3\.5/, 16_385],
  [/gpt-4/, 8_192],
  [/claude/, 200_000],
  [/gemini-1\.0|gemini-pro$/, 32_768],
  [/gemini/, 1_048_576],
  [/nova-(pro|lite|premier)/, 300_000],
  [/nova-micro|llama-?3\.[1-3]|llama-?4|mistral-large|command-r/, 128_000],
];
export const DEFAULT_CONTEXT_TOKENS = 8_192;

/** The prompt's room: the conversation's maxContextTokens, else the model's known window. */
export function contextTokens(settings: ConversationSettings): number {
  if (settings.maxContextTokens) return settings.maxContextTokens;
  const model = (settings.model ?? '').toLowerCase();
  return CONTEXT_WINDOWS.find(([pattern]) => pattern.test(model))?.[1] ?? DEFAULT_CONTEXT_TOKENS;
}

/** What is kept free for the reply: its own cap when set, else a quarter of a small window. */
export function replyReserve(settings: ConversationSettings, context: number): number {
  return settings.max_tokens ?? settings.maxOutputTokens ?? Math.min(4_096, Math.floor(context / 4));
}

/**
 * Models that read images, by family. `o1-mini`, `o3-mini`, GPT-3.5 and text-only open models
 * do not; an endpoint's `visionModels` list names any other (a custom server's llava, say).
 */
const VISION_MODELS = /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|\bo1(?!-mini)\b|\bo3(?!-mini)\b|\bo4|claude-3|claude-(opus|sonnet|haiku)-4|claude-[a-z]+-[4-9]|gemini|nova-(pro|lite|premier)|llava|pixtral|vision|-vl\b|llama-?4/i;

/**
 * Whether the endpoint's model may be sent images. The demo endpoint answers without reading
 * them, so it takes them and attachments can be tried offline.
 */
export function readsImages(config: EndpointsConfig, endpoint: string, model: string): boolean {
  if (endpoint === 'demo') return true;
  const custom = config.custom.find((entry) => entry.name === endpoint);
  const builtIn = endpoint === 'openAI' || endpoint === 'azureOpenAI' || endpoint === 'anthropic' || endpoint === 'google' || endpoint === 'bedrock' ? config[endpoint] : undefined;
  const listed = (custom ?? builtIn)?.visionModels;
  return Boolean(listed?.includes(model)) || VISION_MODELS.test(model);
}
