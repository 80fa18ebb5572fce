import { ERROR_CODES, type RolePermissions } from '@meld/shared';
import { randomUUID } from 'node:crypto';
import type { PromptActor, PromptDeps } from '../../domain/prompts/access.ts';
import { DomainError } from '../../domain/errors.ts';
import { forbiddenMessage, rolePermissions } from '../../domain/roles/permissions.ts';
import type { AuthContext } from '../../http/auth.ts';
import * as promptStore from '../../store/prompt-store.ts';
import { getUser } from '../../store/user-store.ts';

/** The caller as the prompt library sees them; the role's table is read once per request. */
export function promptActor(auth: AuthContext): PromptActor {
  let permissions: Promise<RolePermissions> | undefined;
  return {
    userId: auth.userId,
    async displayName() {
      const user = await getUser(auth.userId);
      return user?.name || user?.username || '';
    },
    async require(type) {
      permissions ??= rolePermissions(auth.role);
      if ((await permissions).PROMPTS[type] !== true) throw new DomainError('forbidden', ERROR_CODES.forbidden, forbiddenMessage('PROMPTS', type));
    },
  };
}

export function promptDeps(now: Date): PromptDeps {
  return { store: promptStore, now, newId: randomUUID };
}
