import type { RouteResponse } from '@meld/shared';
import { local } from '@/lib/storage.ts';

/** The endpoint and model a message goes to. */
export interface ModelChoice {
  endpoint: string;
  /** The endpoint's kind (`custom` for a named custom endpoint). */
  endpointType: string;
  model: string;
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
