import type { AppConfig, AskBody } from '@meld/shared';
import { availableEndpoints } from '../../providers/llm/endpoints.ts';
import { DomainError } from '../errors.ts';

/**
 * What a message may ask for: a model the endpoint lists in the app config, and, when the config
 * enforces model specs, one of the specs exactly as configured. Anything else is refused as the
 * catalogue's illegal_model_request, naming the field, before anything is written.
 */
export function illegalModelRequest(config: AppConfig, endpoint: string, body: AskBody): DomainError | null {
  const models = availableEndpoints(config.endpoints).find((candidate) => candidate.name === endpoint)?.models ?? [];
  if (!models.includes(body.model)) return new DomainError('invalid', 'illegal_model_request', `${body.model} is not a model of ${endpoint} on this server`, 'model');
  const specs = config.modelSpecs;
  if (!specs?.enforce) return null;
  const spec = specs.list.find((candidate) => candidate.name === body.spec);
  if (!spec) return new DomainError('invalid', 'illegal_model_request', 'Choose one of the models offered', 'spec');
  if (spec.preset.endpoint !== endpoint || spec.preset.model !== body.model) return new DomainError('invalid', 'illegal_model_request', `${spec.label} answers with ${spec.preset.model} only`, 'model');
  return null;
}
