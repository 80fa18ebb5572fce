import type { Agent, ModelSpec } from '@meld/shared';
import type { Endpoints } from './model-choice.ts';
import { friendlyModelLabel } from './model-label.ts';

/** One row of the model picker; `key` names it (and the current choice) uniquely. */
export type MenuEntry = { key: string; label: string; detail?: string | undefined; iconURL?: string | undefined; iconKind: string } & (
  | { kind: 'spec'; spec: ModelSpec }
  | { kind: 'agent'; agent: Agent }
  | { kind: 'missingAgent' }
  | { kind: 'manageAgents' }
  | { kind: 'model'; endpoint: string; model: string }
);

export interface MenuSection {
  key: string;
  title: string;
  /** The section's provider mark (none for the model specs, whose rows carry their own). */
  iconKind?: string;
  entries: MenuEntry[];
}

export interface MenuOption {
  name: string;
  info: Endpoints[string];
  models: readonly string[];
}

/** The texts the menu needs from the translations, so the building stays a plain function. */
export interface MenuTexts {
  specsGroup: string;
  agentsGroup: string;
  agentGone: string;
  manageAgents: string;
  demoLabel: string;
}

export interface MenuSources {
  specs: readonly ModelSpec[];
  /** The endpoints whose models are listed, each under its provider. */
  groups: readonly MenuOption[];
  /** The model select is hidden: one row per endpoint (its current or first model). */
  endpointsOnly: readonly MenuOption[] | null;
  agents: readonly Agent[] | null;
  /** A conversation's agent that is no longer listed. */
  missingAgent: string | null;
  current: { endpoint: string; model: string } | null;
  endpoints: Endpoints | undefined;
}

const SEPARATOR = '\u0000';
export const specKey = (name: string) => `spec${SEPARATOR}${name}`;
export const agentKey = (id: string) => `agent${SEPARATOR}${id}`;
export const modelKey = (endpoint: string, model: string) => `${endpoint}${SEPARATOR}${model}`;
const MANAGE_AGENTS = `manage${SEPARATOR}agents`;

/** A model's label in the menu and the composer: the offline demo says what it is, others their friendly name. */
export function modelLabel(info: Endpoints[string] | undefined, model: string, texts: Pick<MenuTexts, 'demoLabel'>): string {
  return info?.demo ? texts.demoLabel : friendlyModelLabel(model);
}

/** Model specs first, then agents, then each provider's models (or the providers alone). */
export function menuSections(sources: MenuSources, texts: MenuTexts): MenuSection[] {
  const sections: MenuSection[] = [];
  if (sources.specs.length) {
    sections.push({
      key: 'specs',
      title: texts.specsGroup,
      entries: sources.specs.map((spec) => ({
        kind: 'spec',
        key: specKey(spec.name),
        label: spec.label,
        detail: spec.description,
        iconURL: spec.iconURL,
        iconKind: sources.endpoints?.[spec.preset.endpoint]?.type ?? 'custom',
        spec,
      })),
    });
  }
  if (sources.agents || sources.missingAgent) {
    const entries: MenuEntry[] = (sources.agents ?? []).map((agent) => ({ kind: 'agent', key: agentKey(agent.id), label: agent.name, detail: agent.description || undefined, iconKind: 'agents', agent }));
    if (sources.missingAgent) entries.push({ kind: 'missingAgent', key: agentKey(sources.missingAgent), label: texts.agentGone, iconKind: 'agents' });
    if (sources.agents) entries.push({ kind: 'manageAgents', key: MANAGE_AGENTS, label: texts.manageAgents, iconKind: 'agents' });
    sections.push({ key: 'agents', title: texts.agentsGroup, iconKind: 'agents', entries });
  }
  if (sources.endpointsOnly) {
    const entries = sources.endpointsOnly.map(({ name, info, models }): MenuEntry => {
      const model = sources.current?.endpoint === name ? sources.current.model : models[0]!;
      return { kind: 'model', key: modelKey(name, model), label: info.demo ? texts.demoLabel : info.label, iconKind: info.type, endpoint: name, model };
    });
    if (entries.length) sections.push({ key: 'endpoints', title: '', entries });
  } else {
    for (const { name, info, models } of sources.groups) {
      sections.push({
        key: `endpoint${SEPARATOR}${name}`,
        title: info.demo ? texts.demoLabel : info.label,
        iconKind: info.type,
        entries: models.map((model) => ({ kind: 'model', key: modelKey(name, model), label: modelLabel(info, model, texts), detail: model, iconKind: info.type, endpoint: name, model })),
      });
    }
  }
  return sections;
}

/**
 * The sections with only the rows every word of the query finds, in the row's label, its id or
 * description, or its section's (provider's) name; sections left empty are dropped.
 */
export function filterSections(sections: readonly MenuSection[], query: string): MenuSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => {
        const haystack = [entry.label, entry.detail ?? '', entry.kind === 'model' ? `${entry.endpoint} ${entry.model}` : '', section.title].join(' ').toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((section) => section.entries.length);
}
