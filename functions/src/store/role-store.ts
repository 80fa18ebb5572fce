import { FEATURE_PERMISSIONS, PERMISSION_FEATURES, type PermissionFeature, type PermissionType, type Role } from '@meld/shared';
import { keys } from './keys.ts';
import { table } from './table.ts';

/** What a role's item stores: only the permissions an admin has set, each feature a map of its types. */
export type StoredRolePermissions = Partial<Record<PermissionFeature, Partial<Record<PermissionType, boolean>>>>;

/**
 * Each permission is its own top-level attribute (`PROMPTS:USE`), so an update sets just the types
 * sent without reading first, and two admins changing different types never overwrite each other.
 */
const attributeOf = (feature: PermissionFeature, type: PermissionType) => `${feature}:${type}`;

function fromItem(item: Record<string, unknown> | undefined): StoredRolePermissions {
  const stored: StoredRolePermissions = {};
  if (!item) return stored;
  for (const feature of PERMISSION_FEATURES) {
    for (const type of FEATURE_PERMISSIONS[feature] as readonly PermissionType[]) {
      const value = item[attributeOf(feature, type)];
      if (typeof value === 'boolean') stored[feature] = { ...stored[feature], [type]: value };
    }
  }
  return stored;
}

/** The role's stored permissions (empty when no admin has changed it): one GetItem. */
export async function getRolePermissions(role: Role): Promise<StoredRolePermissions> {
  return fromItem(await table.get<Record<string, unknown>>(keys.role(role)));
}

/** Sets some permission types of one feature and returns everything stored for the role: one UpdateItem. */
export async function setRolePermissions(role: Role, feature: PermissionFeature, change: Partial<Record<PermissionType, boolean>>, updatedAt: string): Promise<StoredRolePermissions> {
  const entries = Object.entries(change).filter((entry): entry is [PermissionType, boolean] => typeof entry[1] === 'boolean');
  const names: Record<string, string> = { '#entity': 'entity', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':entity': 'role', ':updatedAt': updatedAt };
  const sets = ['#entity = :entity', '#updatedAt = :updatedAt'];
  entries.forEach(([type, value], index) => {
    names[`#p${index}`] = attributeOf(feature, type);
    values[`:p${index}`] = value;
    sets.push(`#p${index} = :p${index}`);
  });
  const item = await table.update<Record<string, unknown>>(keys.role(role), {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  });
  return fromItem(item);
}
