import type { Agent, ConversationSettings, ModelSpec } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentsQuery, findAgent } from '@/lib/agent-queries.ts';
import { useStartupConfig } from '@/lib/config-queries.ts';
import { endpointsQuery, modelsQuery } from '@/lib/endpoint-queries.ts';
import { useInterfaceToggle, usePermission } from '@/lib/permissions.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { convoQuery } from '../api/conversation-queries.ts';
import { presetsQuery } from '../api/composer-queries.ts';
import { pickEditable, type EditableSettings } from '../lib/composer-settings.ts';
import { agentChoice, choiceFromSettings, modelOptions, rememberChoice, startingChoice, unavailableModel, type ModelChoice } from '../lib/model-choice.ts';

/**
 * The endpoints and models on offer, the one chosen and the parameters it is sent with. A
 * conversation starts from its saved settings; a new chat from the default model spec or preset,
 * else the last choice made on this device; `startAgent` (a new chat opened from the agent
 * builder) starts it with that agent. Changes live until the conversation changes.
 */
export function useModelChoice(conversationId: string | null = null, startAgent: string | null = null) {
  const endpoints = useQuery(endpointsQuery);
  const models = useQuery(modelsQuery);
  const config = useStartupConfig();
  // With presets hidden by the operator, a new chat does not start from one either.
  const withPresets = !conversationId && !config.isPending && config.data?.interface.presets !== false;
  const presets = useQuery({ ...presetsQuery, enabled: withPresets });
  const convo = useQuery({ ...convoQuery(conversationId ?? ''), enabled: !!conversationId });
  // Agents are offered when the operator shows them and the role may use them (spec 000 section 6).
  const agentsShown = useInterfaceToggle('agents');
  const agentsAllowed = usePermission('AGENTS', 'USE') && agentsShown;
  const agents = useQuery({ ...agentsQuery, enabled: agentsAllowed });
  const [picked, setPicked] = useState<{ for: string | null; choice: ModelChoice } | null>(null);

  const specs = config.data?.modelSpecs;
  const settled = (query: { isPending: boolean; isError: boolean }, needed: boolean) => !needed || !query.isPending || query.isError;
  const ready = !!endpoints.data && !!models.data && settled(config, true) && settled(presets, withPresets) && settled(convo, !!conversationId);
  const all = endpoints.data && models.data ? modelOptions(endpoints.data, models.data) : [];
  // With "switch models mid-conversation" off, a conversation offers only its own endpoint's models.
  const { modularChat } = useUserSettings();
  const ownEndpoint = conversationId && !modularChat ? convo.data?.endpoint : undefined;
  // An endpoint not on offer here (an imported conversation) leaves every model to choose from.
  const options = ownEndpoint && all.some((option) => option.name === ownEndpoint) ? all.filter((option) => option.name === ownEndpoint) : all;
  const own = picked?.for === conversationId ? picked.choice : null;
  const unavailable = !own && conversationId && endpoints.data && models.data ? unavailableModel(endpoints.data, models.data, convo.data) : null;
  const requested = !conversationId && agentsAllowed ? findAgent(agents.data, startAgent) : undefined;
  const choice =
    own ??
    (requested ? agentChoice(requested.id, requested.model, requested.name) : null) ??
    (ready && endpoints.data && models.data
      ? startingChoice({ endpoints: endpoints.data, models: models.data, conversation: conversationId ? (convo.data ?? null) : null, specs, presets: withPresets ? presets.data : undefined })
      : null);

  const pick = (next: ModelChoice | null) => {
    if (next) setPicked({ for: conversationId, choice: next });
  };
  /** Another model keeps the parameters set so far; the panel shows them within the new ranges. */
  const choose = (endpoint: string, model: string) => {
    if (!endpoints.data) return;
    const next = rememberChoice(endpoints.data, endpoint, model);
    // With no choice yet (its endpoint is not on offer), a conversation keeps its own parameters.
    const settings = choice?.settings ?? (conversationId && convo.data ? pickEditable(convo.data) : {});
    pick(next && { ...next, settings, spec: null });
  };
  /** A preset or model spec replaces the endpoint, model and every parameter; false when its endpoint is not on offer. */
  const apply = (settings: ConversationSettings, spec: string | null = null): boolean => {
    const next = endpoints.data && models.data ? choiceFromSettings(endpoints.data, models.data, settings, spec) : null;
    pick(next);
    return !!next;
  };
  const chooseSpec = (spec: ModelSpec) => apply(spec.preset, spec.name);
  const chooseAgent = (agent: Agent) => pick(agentChoice(agent.id, agent.model, agent.name));
  const updateSettings = (change: Partial<EditableSettings>) => {
    if (choice) pick({ ...choice, settings: { ...choice.settings, ...change } });
  };
  const resetSettings = () => {
    if (choice) pick({ ...choice, settings: {} });
  };

  return {
    choice,
    /** The conversation's own endpoint and model when they are not on offer here, until another is chosen. */
    unavailable,
    choose,
    apply,
    chooseSpec,
    chooseAgent,
    updateSettings,
    resetSettings,
    options,
    specs: specs?.list ?? [],
    enforceSpecs: !!specs?.enforce,
    /** The operator's interface toggles; null until the startup config has been read. */
    interface: config.isPending ? null : (config.data?.interface ?? {}),
    endpoints: endpoints.data,
    /** The agents on offer (none when hidden or not allowed) and the one chosen. */
    agentsAllowed,
    agents: agentsAllowed ? (agents.data ?? []) : [],
    agent: agentsAllowed ? findAgent(agents.data, choice?.agentId) : undefined,
    loading: !ready && !endpoints.error && !models.error,
  };
}

export type ModelChoiceState = ReturnType<typeof useModelChoice>;
