import { defaultPermissions, ERROR_CODES, type PermissionFeature, type PermissionType, type Role, type RolePermissions } from '@meld/shared';
import { getRolePermissions, type StoredRolePermissions } from '../../store/role-store.ts';
import { DomainError } from '../errors.ts';

/** The stored table laid over the spec's defaults (spec 000 section 6): a type never stored keeps its default. */
export function mergePermissions(role: Role, stored: StoredRolePermissions): RolePermissions {
  const merged = defaultPermissions(role);
  for (const [feature, types] of Object.entries(stored) as [PermissionFeature, RolePermissions[PermissionFeature]][]) {
    merged[feature] = { ...merged[feature], ...types };
  }
  return merged;
}

/** A role's effective permissions: one GetItem. */
export async function rolePermissions(role: Role): Promise<RolePermissions> {
  return mergePermissions(role, await getRolePermissions(role));
}

export async function hasPermission(role: Role, feature: PermissionFeature, type: PermissionType): Promise<boolean> {
  return (await rolePermissions(role))[feature][type] === true;
}

const FEATURE_NAMES: Record<PermissionFeature, string> = {
  PROMPTS: 'prompts',
  BOOKMARKS: 'bookmarks',
  AGENTS: 'agents',
  MULTI_CONVO: 'multi-conversation',
  TEMPORARY_CHAT: 'temporary chats',
  RUN_CODE: 'code',
};

const ACTIONS: Record<PermissionType, string> = {
  SHARED_GLOBAL: 'share {feature} with everyone',
  USE: 'use {feature}',
  CREATE: 'create {feature}',
  UPDATE: 'change {feature}',
  READ: 'read {feature}',
  READ_AUTHOR: "read other people's {feature}",
  SHARE: 'share {feature}',
};

/** The sentence the browser shows for a refusal: "Your role cannot create agents". */
export function forbiddenMessage(feature: PermissionFeature, type: PermissionType): string {
  if (feature === 'RUN_CODE' && type === 'USE') return 'Your role cannot run code';
  return `Your role cannot ${ACTIONS[type].replace('{feature}', FEATURE_NAMES[feature])}`;
}

/** Refuses with 403 unless the role has the permission. `role` is the token's (up to 15 minutes old). */
export async function requirePermission(role: Role, feature: PermissionFeature, type: PermissionType): Promise<void> {
  if (!(await hasPermission(role, feature, type))) throw new DomainError('forbidden', ERROR_CODES.forbidden, forbiddenMessage(feature, type));
}
