import type { ConversationSettings, ModelSpecs, Preset, RouteResponse } from '@meld/shared';
import { local } from '@/lib/storage.ts';
import { pickEditable, type EditableSettings } from './composer-settings.ts';

/** The endpoint and model a message goes to, with the parameters it is sent with. */
export interface ModelChoice {
  endpoint: string;
  /** The endpoint's kind (`custom` for a named custom endpoint). */
  endpointType: string;
  model: string;
  settings?: EditableSettings;
  /** The model spec the choice came from, if any. */
  spec?: string | null;
  /** Set when talking to an agent (endpoint `agents`): its tools, instructions and model answer. */
  agentId?: string | null;
  /** The agent's name, which signs its replies. */
  label?: string;
}

/** The endpoint of a conversation with an agent (spec 000 section 1). */
export const AGENTS_ENDPOINT = 'agents';

/** Talking to an agent: the agent brings its own model and parameters. */
export function agentChoice(agentId: string, model: string, label?: string): ModelChoice {
  return { endpoint: AGENTS_ENDPOINT, endpointType: AGENTS_ENDPOINT, model, agentId, settings: {}, spec: null, ...(label ? { label } : {}) };
}

export type Endpoints = RouteResponse<'listEndpoints'>;
export type Models = RouteResponse<'listModels'>;

const STORAGE_KEY = 'meld:last-model';

/** Every endpoint that has models, by its configured order, each with its models. */
export function modelOptions(endpoints: Endpoints, models: Models) {
  return Object.entries(endpoints)
    .filter(([name]) => models[name]?.length)
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name, info]) => ({ name, info, models: models[name]! }));
}

function choiceFor(endpoints: Endpoints, endpoint: string, model: string): ModelChoice | null {
  const info = endpoints[endpoint];
  return info ? { endpoint, endpointType: info.type, model } : null;
}

/** The last choice made on this device while it is still offered, else the first model on offer. */
export function initialChoice(endpoints: Endpoints, models: Models): ModelChoice | null {
  const options = modelOptions(endpoints, models);
  try {
    const saved = JSON.parse(local.get(STORAGE_KEY) ?? 'null') as { endpoint?: unknown; model?: unknown } | null;
    const option = options.find((candidate) => candidate.name === saved?.endpoint);
    if (option && typeof saved?.model === 'string' && option.models.includes(saved.model)) return choiceFor(endpoints, option.name, saved.model);
  } catch {
    // A damaged entry is simply forgotten.
  }
  const first = options[0];
  return first ? choiceFor(endpoints, first.name, first.models[0]!) : null;
}

export function rememberChoice(endpoints: Endpoints, endpoint: string, model: string): ModelChoice | null {
  local.set(STORAGE_KEY, JSON.stringify({ endpoint, model }));
  return choiceFor(endpoints, endpoint, model);
}

/**
 * A choice from saved settings (a conversation, preset or model spec) when its endpoint is on
 * offer; a model no longer offered gives way to the endpoint's first.
 */
export function choiceFromSettings(endpoints: Endpoints, models: Models, source: ConversationSettings, spec: string | null = null): ModelChoice | null {
  const option = modelOptions(endpoints, models).find((candidate) => candidate.name === source.endpoint);
  if (!option) return null;
  const model = source.model && option.models.includes(source.model) ? source.model : option.models[0]!;
  return { endpoint: option.name, endpointType: option.info.type, model, settings: pickEditable(source), spec };
}

export interface ChoiceSources {
  endpoints: Endpoints;
  models: Models;
  /** The conversation being continued; null on a new chat. */
  conversation?: ConversationSettings | null;
  specs?: ModelSpecs | undefined;
  presets?: readonly Preset[] | undefined;
}

/** A conversation's endpoint and model when that endpoint is not on offer here (an import from another server). */
export interface UnavailableModel {
  endpoint: string;
  model: string | null;
}

export function unavailableModel(endpoints: Endpoints, models: Models, conversation: ConversationSettings | null | undefined): UnavailableModel | null {
  const endpoint = conversation?.endpoint;
  if (!endpoint || endpoint === AGENTS_ENDPOINT) return null;
  if (modelOptions(endpoints, models).some((option) => option.name === endpoint)) return null;
  return { endpoint, model: conversation.model ?? null };
}

/**
 * Where the composer starts: a conversation from its own settings; a new chat from the default
 * model spec or the default preset (the spec wins when specs are prioritised), else the last
 * choice made on this device. A conversation whose endpoint is not on offer starts with none:
 * the member picks one, rather than it going on, unsaid, with whatever model comes first.
 */
export function startingChoice({ endpoints, models, conversation, specs, presets }: ChoiceSources): ModelChoice | null {
  if (conversation?.endpoint === AGENTS_ENDPOINT && conversation.agent_id) return agentChoice(conversation.agent_id, conversation.model ?? '');
  if (conversation) {
    if (unavailableModel(endpoints, models, conversation)) return null;
    const own = choiceFromSettings(endpoints, models, conversation, conversation.spec ?? null);
    const fallback = initialChoice(endpoints, models);
    return own ?? (fallback ? { ...fallback, settings: pickEditable(conversation) } : null);
  }
  const list = specs?.list ?? [];
  const defaultSpec = list.find((spec) => spec.default) ?? (specs?.enforce ? list[0] : undefined);
  const defaultPreset = presets?.find((preset) => preset.defaultPreset);
  const fromSpec = defaultSpec ? choiceFromSettings(endpoints, models, defaultSpec.preset, defaultSpec.name) : null;
  const fromPreset = defaultPreset ? choiceFromSettings(endpoints, models, defaultPreset) : null;
  if (fromSpec && (specs?.prioritize || !fromPreset)) return fromSpec;
  return fromPreset ?? fromSpec ?? initialChoice(endpoints, models);
}
