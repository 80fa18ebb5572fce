import type { AskBody, Role } from '@meld/shared';
import { requirePermission } from './permissions.ts';

/**
 * Starting a temporary chat needs TEMPORARY_CHAT/USE; refused (403) before anything is counted or
 * written. Later messages belong to a conversation that already is temporary, so they pass.
 */
export async function refuseTemporaryChatWithoutPermission(role: Role, body: Pick<AskBody, 'isTemporary' | 'conversationId'>): Promise<void> {
  if (body.isTemporary && body.conversationId === null) await requirePermission(role, 'TEMPORARY_CHAT', 'USE');
}
