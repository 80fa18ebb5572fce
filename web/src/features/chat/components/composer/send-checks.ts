import type { EndpointFileConfig, UserKeyInfo } from '@meld/shared';
import type { Endpoints, ModelChoice } from '../../lib/model-choice.ts';
import { isKeyUsable } from '../../lib/user-keys.ts';
import { isImageType, refusalFor, type Refusal } from './attachments-rules.ts';
import type { Attachment } from './attachments-state.ts';

/*
 * What the server would refuse, known before sending (issue 25, section 2): the browser holds the
 * same facts the server decides by (the endpoint's vision models, the member's keys, the file
 * rules), so the composer says so while the draft can still be fixed. The server checks again.
 */

export type SendWarning =
  /** Images attached for a model that cannot see them; `visionModel` is one of the same endpoint's that can. */
  | { kind: 'vision'; images: Attachment[]; visionModel: string | null }
  /** The endpoint takes each member's own key, and this member has none that works. */
  | { kind: 'key'; endpoint: string; label: string }
  /** Files the endpoint's rules refuse (another model's rules let them in). */
  | { kind: 'file'; items: Attachment[]; refusal: Refusal };

export interface SendCheckFacts {
  choice: ModelChoice | null;
  endpoints: Endpoints | undefined;
  /** The composer's attachments; failed ones are already shown as not attached and are not sent. */
  items: readonly Attachment[];
  /** The endpoint's file rules; null while unknown. */
  rules: EndpointFileConfig | null;
  /** The member's keys; undefined while unknown. */
  keys: readonly UserKeyInfo[] | undefined;
  formatSize: (bytes: number) => string;
  now?: number;
}

/** Everything that would make the server refuse this send, in the order the member would fix it. */
export function sendWarnings({ choice, endpoints, items, rules, keys, formatSize, now = Date.now() }: SendCheckFacts): SendWarning[] {
  if (!choice) return [];
  const warnings: SendWarning[] = [];
  const endpoint = endpoints?.[choice.endpoint];
  const attached = items.filter((item) => item.status !== 'failed');

  if (endpoint?.userProvide && keys && !isKeyUsable(keys.find((key) => key.name === choice.endpoint), now)) {
    warnings.push({ kind: 'key', endpoint: choice.endpoint, label: endpoint.label });
  }

  // An agent answers with its own model, which the agent's server checks.
  const vision = endpoint?.visionModels;
  const images = attached.filter((item) => isImageType(item.type));
  if (!choice.agentId && vision && images.length && !vision.includes(choice.model)) {
    warnings.push({ kind: 'vision', images, visionModel: vision[0] ?? null });
  }

  if (rules && attached.length) {
    if (rules.disabled) warnings.push({ kind: 'file', items: attached, refusal: { key: 'disabled', values: {} } });
    else {
      const counted: Attachment[] = [];
      for (const item of attached) {
        const refusal = refusalFor(item, rules, counted, formatSize);
        if (refusal) warnings.push({ kind: 'file', items: [item], refusal });
        else counted.push(item);
      }
    }
  }
  return warnings;
}
