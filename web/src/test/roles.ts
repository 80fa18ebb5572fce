import { defaultPermissions, ROLES, type PermissionFeature, type PermissionType, type Role, type RoleInfo } from '@meld/shared';
import { when } from './mock-api.ts';

/** A role's table as GET /api/roles/{role} answers it: the spec's defaults with some types changed. */
export function roleInfo(role: Role, changes: Partial<Record<PermissionFeature, Partial<Record<PermissionType, boolean>>>> = {}): RoleInfo {
  const permissions = defaultPermissions(role);
  for (const [feature, types] of Object.entries(changes) as [PermissionFeature, Partial<Record<PermissionType, boolean>>][]) {
    permissions[feature] = { ...permissions[feature], ...types };
  }
  return { name: role, permissions };
}

/** Mocked API answering every role's table with its defaults, or with `tables` for the roles given. */
export function roleRoutes(tables: Partial<Record<Role, RoleInfo>> = {}) {
  return { getRole: ROLES.map((role) => when({ role }, tables[role] ?? roleInfo(role))) };
}
