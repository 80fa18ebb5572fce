import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from '@/components/messages/icons.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';

const SEPARATOR = '\u0000';
const SPEC = `spec${SEPARATOR}`;
const AGENT = `agent${SEPARATOR}`;
const MANAGE_AGENTS = `manage${SEPARATOR}agents`;

/**
 * A native menu (keyboard, screen reader and phone friendly as is): the operator's model specs
 * first, then the agents the user may talk to, then models grouped by endpoint. Enforced specs leave only the specs; the interface
 * toggles hide the endpoints (only the current endpoint's models) or the models (one entry per endpoint).
 */
export function ModelPicker({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { choice, choose, chooseSpec, chooseAgent, options, specs, agents, loading } = state;
  const showEndpoints = !state.enforceSpecs && state.interface?.endpointsMenu !== false;
  const showModels = !state.enforceSpecs && state.interface?.modelSelect !== false;
  const value = choice?.agentId ? `${AGENT}${choice.agentId}` : choice?.spec && specs.some((spec) => spec.name === choice.spec) ? `${SPEC}${choice.spec}` : choice ? `${choice.endpoint}${SEPARATOR}${choice.model}` : '';
  // The Agents group shows whenever the user may use agents, with a way into the builder.
  const agentsGroup = !state.enforceSpecs && showEndpoints && state.agentsAllowed;
  const agentOptions = agentsGroup ? agents : [];
  // A conversation with an agent that is no longer listed (deleted, unshared) still names it.
  const missingAgent = choice?.agentId && !agents.some((agent) => agent.id === choice.agentId) ? choice.agentId : null;

  const groups = showModels ? options.filter((option) => showEndpoints || option.name === choice?.endpoint) : [];
  const endpointsOnly = showEndpoints && !showModels;

  if (!loading && !options.length && !specs.length && !agentsGroup && !missingAgent) return <span className="px-2 text-xs text-ink-faint">{t('chat.composer.noModels')}</span>;
  if (!loading && !specs.length && !groups.length && !endpointsOnly && !agentsGroup && !missingAgent) return null;

  const labelOf = (info: (typeof options)[number]['info']) => (info.demo ? t('chat.composer.demoLabel') : info.label);

  return (
    <label className="relative inline-flex max-w-[14rem] min-w-0 items-center sm:max-w-[20rem]">
      <span className="sr-only">{t('chat.composer.model')}</span>
      <select
        value={value}
        disabled={disabled || loading}
        onChange={(event) => {
          const picked = event.target.value;
          if (picked === MANAGE_AGENTS) {
            void navigate('/agents');
            return;
          }
          if (picked.startsWith(AGENT)) {
            const agent = agents.find((candidate) => `${AGENT}${candidate.id}` === picked);
            if (agent) chooseAgent(agent);
            return;
          }
          if (picked.startsWith(SPEC)) {
            const spec = specs.find((candidate) => `${SPEC}${candidate.name}` === picked);
            if (spec) chooseSpec(spec);
            return;
          }
          const [endpoint, model] = picked.split(SEPARATOR);
          if (endpoint && model) choose(endpoint, model);
        }}
        className="h-8 w-full min-w-0 cursor-pointer appearance-none truncate rounded-lg border border-transparent bg-transparent py-0 pr-7 pl-2.5 text-sm text-ink-soft outline-none hover:bg-sunken hover:text-ink focus-visible:border-accent focus-visible:ring-4 focus-visible:ring-accent/15 disabled:cursor-default"
      >
        {loading ? <option value="">{t('chat.composer.modelsLoading')}</option> : null}
        {/* Nothing chosen (the conversation's model is not on offer): without this the menu would show its first model as if chosen. */}
        {!loading && !choice ? (
          <option value="" disabled>
            {t('chat.composer.chooseModel')}
          </option>
        ) : null}
        {specs.length ? (
          <optgroup label={t('composer.specsGroup')}>
            {specs.map((spec) => (
              <option key={spec.name} value={`${SPEC}${spec.name}`} title={spec.description}>
                {spec.description ? `${spec.label} · ${spec.description}` : spec.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {agentsGroup || missingAgent ? (
          <optgroup label={t('chat.composer.agentsGroup')}>
            {agentOptions.map((agent) => (
              <option key={agent.id} value={`${AGENT}${agent.id}`} title={agent.description || undefined}>
                {agent.name}
              </option>
            ))}
            {missingAgent ? <option value={`${AGENT}${missingAgent}`}>{t('chat.composer.agentGone')}</option> : null}
            {agentsGroup ? <option value={MANAGE_AGENTS}>{t('chat.composer.manageAgents')}</option> : null}
          </optgroup>
        ) : null}
        {endpointsOnly
          ? options.map(({ name, info, models }) => {
              const model = choice?.endpoint === name ? choice.model : models[0]!;
              return (
                <option key={name} value={`${name}${SEPARATOR}${model}`}>
                  {labelOf(info)}
                </option>
              );
            })
          : groups.map(({ name, info, models }) => (
              <optgroup key={name} label={labelOf(info)}>
                {models.map((model) => (
                  <option key={model} value={`${name}${SEPARATOR}${model}`}>
                    {info.demo ? `${model} · ${t('chat.composer.demoLabel')}` : model}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
      <Icon name="chevronDown" className="pointer-events-none absolute right-2 size-3.5 text-ink-faint" />
    </label>
  );
}
