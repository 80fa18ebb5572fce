import { ERROR_CODES, type PermissionType, type Role, type RoleInfo } from '@meld/shared';
import { setRolePermissions } from '../../store/role-store.ts';
import { DomainError } from '../errors.ts';
import { mergePermissions, rolePermissions } from './permissions.ts';

/**
 * A member may read only their own role's table (the client hides what it forbids); an admin
 * reads every role's, ADMIN's included. The token's role decides: a table is no secret, so a
 * role changed in the last 15 minutes reading its former table is harmless.
 */
export async function readRole(callerRole: Role, role: Role): Promise<RoleInfo> {
  if (callerRole !== 'ADMIN' && callerRole !== role) {
    throw new DomainError('forbidden', ERROR_CODES.forbidden, 'You can only read the permissions of your own role.');
  }
  return { name: role, permissions: await rolePermissions(role) };
}

/** Sets the prompt or agent permission types sent; the others keep their stored or default value. */
export async function updateRolePermissions(role: Role, feature: 'PROMPTS' | 'AGENTS', change: Partial<Record<PermissionType, boolean>>, now: Date): Promise<RoleInfo> {
  const stored = await setRolePermissions(role, feature, change, now.toISOString());
  return { name: role, permissions: mergePermissions(role, stored) };
}
