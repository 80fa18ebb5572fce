import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { Icon } from '@/components/messages/icons.tsx';
import { EndpointIcon } from '@/components/provider-icon.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { agentKey, menuSections, modelKey, modelLabel, specKey, type MenuEntry, type MenuTexts } from '../../lib/model-menu.ts';
import { ModelSearchList } from './model-search-list.tsx';

/** What the closed picker shows: the chosen spec's or agent's name, else the model's friendly label and its provider's mark. */
function currentLabel(state: ModelChoiceState, texts: MenuTexts): { key: string; label: string; iconKind: string } | null {
  const { choice, specs, agents, endpoints } = state;
  if (!choice) return null;
  if (choice.agentId) return { key: agentKey(choice.agentId), label: agents.find((agent) => agent.id === choice.agentId)?.name ?? choice.label ?? texts.agentGone, iconKind: 'agents' };
  const spec = choice.spec ? specs.find((candidate) => candidate.name === choice.spec) : undefined;
  const info = endpoints?.[choice.endpoint];
  if (spec) return { key: specKey(spec.name), label: spec.label, iconKind: info?.type ?? 'custom' };
  return { key: modelKey(choice.endpoint, choice.model), label: modelLabel(info, choice.model, texts), iconKind: info?.type ?? 'custom' };
}

/**
 * The model picker (spec 000 sections 1 and 3): a button naming the chosen model by its friendly
 * label that opens a searchable list — the operator's model specs first, then the agents the
 * user may talk to, then each provider's models under its name and mark. Enforced specs leave
 * only the specs; the interface toggles hide the endpoints (only the current endpoint's models)
 * or the models (one row per endpoint).
 */
export function ModelPicker({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { choice, choose, chooseSpec, chooseAgent, options, specs, agents, loading } = state;
  const showEndpoints = !state.enforceSpecs && state.interface?.endpointsMenu !== false;
  const showModels = !state.enforceSpecs && state.interface?.modelSelect !== false;
  // The Agents group shows whenever the user may use agents, with a way into the builder.
  const agentsGroup = !state.enforceSpecs && showEndpoints && state.agentsAllowed;
  // A conversation with an agent that is no longer listed (deleted, unshared) still names it.
  const missingAgent = choice?.agentId && !agents.some((agent) => agent.id === choice.agentId) ? choice.agentId : null;
  const groups = showModels ? options.filter((option) => showEndpoints || option.name === choice?.endpoint) : [];
  const endpointsOnly = showEndpoints && !showModels;

  if (!loading && !options.length && !specs.length && !agentsGroup && !missingAgent) return <span className="px-2 text-xs text-ink-faint">{t('chat.composer.noModels')}</span>;
  if (!loading && !specs.length && !groups.length && !endpointsOnly && !agentsGroup && !missingAgent) return null;

  const texts: MenuTexts = {
    specsGroup: t('composer.specsGroup'),
    agentsGroup: t('chat.composer.agentsGroup'),
    agentGone: t('chat.composer.agentGone'),
    manageAgents: t('chat.composer.manageAgents'),
    demoLabel: t('chat.composer.demoLabel'),
  };
  const sections = menuSections(
    {
      specs,
      groups,
      endpointsOnly: endpointsOnly ? options : null,
      agents: agentsGroup ? agents : null,
      missingAgent,
      current: choice && !choice.agentId ? { endpoint: choice.endpoint, model: choice.model } : null,
      endpoints: state.endpoints,
    },
    texts,
  );
  const current = currentLabel(state, texts);

  const pick = (entry: MenuEntry) => {
    setOpen(false);
    if (entry.kind === 'manageAgents') void navigate('/agents');
    else if (entry.kind === 'agent') chooseAgent(entry.agent);
    else if (entry.kind === 'spec') chooseSpec(entry.spec);
    else if (entry.kind === 'model') choose(entry.endpoint, entry.model);
  };

  const shownLabel = loading ? t('chat.composer.modelsLoading') : (current?.label ?? t('chat.composer.chooseModel'));
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        disabled={disabled || loading}
        title={choice && !choice.agentId ? choice.model : undefined}
        className="inline-flex h-8 max-w-[12rem] min-w-0 items-center gap-1.5 rounded-lg border border-transparent px-2 text-sm text-ink-soft outline-none hover:bg-sunken hover:text-ink focus-visible:border-accent focus-visible:ring-4 focus-visible:ring-accent/15 disabled:cursor-default disabled:hover:bg-transparent data-[state=open]:bg-sunken data-[state=open]:text-ink sm:max-w-[20rem]"
      >
        {current && !loading ? <EndpointIcon kind={current.iconKind} className="size-4 text-ink-faint" /> : null}
        <span className="sr-only">{t('chat.composer.model')}: </span>
        <span className="truncate">{shownLabel}</span>
        <Icon name="chevronDown" className="size-3.5 text-ink-faint" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={t('chat.composer.model')}
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 flex max-h-[min(32rem,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1.5rem))] animate-fade-in flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-lift"
        >
          <ModelSearchList sections={sections} currentKey={current?.key ?? null} onPick={pick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
