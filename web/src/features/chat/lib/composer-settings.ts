import { PARAMETER_KINDS, parametersFor, type ConversationSettings, type NumberRange, type ParameterKind } from '@meld/shared';

/** The settings the parameters panel edits; everything else a conversation carries is left alone. */
export const EDITABLE_KEYS = ['temperature', 'top_p', 'topP', 'topK', 'presence_penalty', 'frequency_penalty', 'max_tokens', 'maxOutputTokens', 'thinking', 'thinkingBudget', 'stop', 'promptPrefix', 'modelLabel', 'imageDetail', 'resendFiles'] as const;
export type EditableKey = (typeof EDITABLE_KEYS)[number];
export type EditableSettings = Pick<ConversationSettings, EditableKey>;

/** The parameter rules of an endpoint type; an unknown type is treated as OpenAI-compatible. */
export function parameterKind(endpointType: string): ParameterKind {
  return (PARAMETER_KINDS as readonly string[]).includes(endpointType) ? (endpointType as ParameterKind) : 'custom';
}

/** The editable settings a conversation, preset or model spec holds (unset ones left out). */
export function pickEditable(source: ConversationSettings): EditableSettings {
  const picked: Record<string, unknown> = {};
  for (const key of EDITABLE_KEYS) if (source[key] !== null && source[key] !== undefined) picked[key] = source[key];
  return picked as EditableSettings;
}

const clamp = (value: number, range: Pick<NumberRange, 'min' | 'max'>) => Math.min(range.max, Math.max(range.min, value));

/** The value a numeric parameter shows: the one set, else the provider's default, kept inside the range. */
export function shownValue(settings: EditableSettings, range: NumberRange): number | null {
  const value = settings[range.key];
  if (typeof value === 'number') return clamp(value, range);
  return range.default;
}

/**
 * What a message sends: every editable key, so a conversation's saved settings follow the panel
 * exactly (null clears one). Values are clamped to the model's ranges and parameters that do not
 * apply to it are cleared, so nothing out of range can be submitted.
 */
export function settingsForSend(endpointType: string, model: string, settings: EditableSettings): EditableSettings {
  const set = parametersFor(parameterKind(endpointType), model, { thinking: settings.thinking });
  const out: Record<string, unknown> = Object.fromEntries(EDITABLE_KEYS.map((key) => [key, null]));
  for (const range of set.numbers) {
    const value = settings[range.key];
    if (typeof value === 'number') out[range.key] = range.step >= 1 ? Math.round(clamp(value, range)) : clamp(value, range);
  }
  if (set.thinking) {
    if (typeof settings.thinking === 'boolean') out.thinking = settings.thinking;
    if (typeof settings.thinkingBudget === 'number') out.thinkingBudget = Math.round(clamp(settings.thinkingBudget, set.thinking.budget));
  }
  const stop = (settings.stop ?? []).filter((sequence) => sequence.length > 0).slice(0, set.maxStopSequences);
  if (stop.length) out.stop = stop;
  if (settings.promptPrefix?.trim()) out.promptPrefix = settings.promptPrefix;
  if (settings.modelLabel?.trim()) out.modelLabel = settings.modelLabel.trim();
  // How attached images and files reach the model (decision 0019); unset, the server's defaults.
  if (settings.imageDetail) out.imageDetail = settings.imageDetail;
  if (typeof settings.resendFiles === 'boolean') out.resendFiles = settings.resendFiles;
  return out as EditableSettings;
}
