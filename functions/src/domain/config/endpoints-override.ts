import type { AppConfig, EndpointsOverride } from '@meld/shared';

/**
 * The operator's overrides of the endpoint defaults: a title model per endpoint, and how model
 * specs apply (enforced: only specs may be chosen). False when the config sets neither, as
 * LibreChat answers when there is nothing to override.
 */
export function endpointsOverride(config: AppConfig): EndpointsOverride {
  const { endpoints, modelSpecs } = config;
  const titled: Array<[string, string | undefined]> = [
    ['openAI', endpoints.openAI?.titleModel],
    ['anthropic', endpoints.anthropic?.titleModel],
    ['google', endpoints.google?.titleModel],
    ...endpoints.custom.map((custom): [string, string | undefined] => [custom.name, custom.titleModel]),
  ];
  const overrides = Object.fromEntries(titled.flatMap(([name, titleModel]) => (titleModel ? [[name, { titleModel }]] : [])));
  if (!Object.keys(overrides).length && !modelSpecs) return false;
  return { endpoints: overrides, modelSpecs: modelSpecs ? { enforce: modelSpecs.enforce, prioritize: modelSpecs.prioritize } : null };
}
