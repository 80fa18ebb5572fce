import * as z from 'zod';
import { ROLES, type Role } from '../constants.ts';

/**
 * Roles and permissions (spec 000 section 6). Each role has a table of permissioned features,
 * each feature a few permission types. A role's stored table is merged over these defaults, so a
 * role nobody has edited still answers.
 */
export const PERMISSION_TYPES = ['SHARED_GLOBAL', 'USE', 'CREATE', 'UPDATE', 'READ', 'READ_AUTHOR', 'SHARE'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export const PERMISSION_FEATURES = ['PROMPTS', 'BOOKMARKS', 'AGENTS', 'MULTI_CONVO', 'TEMPORARY_CHAT', 'RUN_CODE'] as const;
export type PermissionFeature = (typeof PERMISSION_FEATURES)[number];

/** Which permission types each feature has. */
export const FEATURE_PERMISSIONS = {
  PROMPTS: ['SHARED_GLOBAL', 'USE', 'CREATE'],
  AGENTS: ['SHARED_GLOBAL', 'USE', 'CREATE'],
  BOOKMARKS: ['USE'],
  MULTI_CONVO: ['USE'],
  TEMPORARY_CHAT: ['USE'],
  RUN_CODE: ['USE'],
} as const satisfies Record<PermissionFeature, readonly PermissionType[]>;

/** The schema defaults a role falls back to: use and create allowed, sharing globally not. */
const SCHEMA_DEFAULTS: Partial<Record<PermissionType, boolean>> = { SHARED_GLOBAL: false, USE: true, CREATE: true };

export type FeaturePermissions = Partial<Record<PermissionType, boolean>>;
export type RolePermissions = Record<PermissionFeature, FeaturePermissions>;

function tableOf(pick: (feature: PermissionFeature, type: PermissionType) => boolean): RolePermissions {
  return Object.fromEntries(
    PERMISSION_FEATURES.map((feature) => [feature, Object.fromEntries(FEATURE_PERMISSIONS[feature].map((type) => [type, pick(feature, type)]))]),
  ) as RolePermissions;
}

/** ADMIN gets everything; every other role starts from the schema defaults. */
export function defaultPermissions(role: Role): RolePermissions {
  if (role === 'ADMIN') return tableOf(() => true);
  return tableOf((_feature, type) => SCHEMA_DEFAULTS[type] ?? false);
}

const featurePermissionsSchema = z.object(Object.fromEntries(PERMISSION_TYPES.map((type) => [type, z.boolean().optional()])) as Record<PermissionType, z.ZodOptional<z.ZodBoolean>>);

export const roleInfoSchema = z.object({
  name: z.enum(ROLES),
  permissions: z.object(Object.fromEntries(PERMISSION_FEATURES.map((feature) => [feature, featurePermissionsSchema])) as Record<PermissionFeature, typeof featurePermissionsSchema>),
});
export type RoleInfo = z.infer<typeof roleInfoSchema>;

export const roleParams = z.object({ role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }) });

/** `PUT /api/roles/{role}/prompts` and `/agents`: the permission types to change; others stay. */
export const updateRolePermissionsBody = z
  .strictObject({ SHARED_GLOBAL: z.boolean().optional(), USE: z.boolean().optional(), CREATE: z.boolean().optional() }, { error: 'Only SHARED_GLOBAL, USE and CREATE can be set' })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send at least one permission to change' });
