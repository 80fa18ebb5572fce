import { defaultPermissions, type PermissionFeature, type PermissionType, type Role, type RoleInfo } from '@meld/shared';
import { json } from './fetch-mock.ts';

/** A role's table as GET /api/roles/{role} answers it: the spec's defaults with some types changed. */
export function roleInfo(role: Role, changes: Partial<Record<PermissionFeature, Partial<Record<PermissionType, boolean>>>> = {}): RoleInfo {
  const permissions = defaultPermissions(role);
  for (const [feature, types] of Object.entries(changes) as [PermissionFeature, Partial<Record<PermissionType, boolean>>][]) {
    permissions[feature] = { ...permissions[feature], ...types };
  }
  return { name: role, permissions };
}

/** Mocked-fetch routes answering every role's table with its defaults (override by spreading after). */
export function roleRoutes() {
  return {
    'GET /api/roles/USER': json(roleInfo('USER')),
    'GET /api/roles/MENTOR': json(roleInfo('MENTOR')),
    'GET /api/roles/ADMIN': json(roleInfo('ADMIN')),
  };
}
