import { createHash } from 'node:crypto';
import type { StoredAction } from '../../../store/agent-store.ts';

/**
 * Where and how an action's secrets are sent (decision 0027): its domain, its server URL, how the
 * key is presented, and OAuth's sign-in and token URLs. Each secret (API key, client secret, a
 * user's OAuth tokens) is sealed with this target as AES-GCM authenticated data, so it opens only
 * for the exact target it was entered for: an action whose target changed cannot send it anywhere,
 * even through a code path that forgot to drop it.
 */
export type TargetOf = Pick<StoredAction, 'domain' | 'server' | 'auth'>;

/** A fixed-order text of the target; the scope and client id are not part of it (they do not move a secret). */
export function actionTarget({ domain, server, auth }: TargetOf): string {
  return JSON.stringify([domain, server ?? null, auth.type, auth.authorization_type ?? null, auth.custom_auth_header ?? null, auth.authorization_url ?? null, auth.client_url ?? null]);
}

export const sameTarget = (a: TargetOf, b: TargetOf) => actionTarget(a) === actionTarget(b);

/** Short enough for an OAuth state; names the target the sign-in was started for. */
export const targetDigest = (action: TargetOf) => createHash('sha256').update(actionTarget(action)).digest('base64url').slice(0, 22);

/** The API key or client secret: the agent's author, the action and its target. */
export const actionSealContext = (author: string, action: Pick<StoredAction, 'actionId'> & TargetOf) => `action-v2\n${author}\n${action.actionId}\n${actionTarget(action)}`;

/** A user's OAuth tokens: the user, the action and its target (the token URL and the API they are sent to). */
export const tokenSealContext = (userId: string, action: Pick<StoredAction, 'actionId'> & TargetOf) => `action-token-v2\n${userId}\n${action.actionId}\n${actionTarget(action)}`;

/** Whether a request URL is under the server the action's secrets were entered for. */
export function underServer(url: string, server: string | undefined): boolean {
  if (!server) return false;
  const base = new URL(server);
  const target = new URL(url);
  const path = base.pathname.replace(/\/$/, '');
  return target.origin === base.origin && (target.pathname === path || target.pathname.startsWith(`${path}/`) || path === '');
}
