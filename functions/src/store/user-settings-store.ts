import { DEFAULT_USER_SETTINGS, userSettingsSchema, type UpdateUserSettingsBody, type UserSettings } from '@meld/shared';
import { keys } from './keys.ts';
import { table } from './table.ts';

const SETTING_NAMES = Object.keys(userSettingsSchema.shape) as (keyof UserSettings)[];

/** The stored choices over the defaults; attributes that are not settings (keys, dates) are left out. */
function withDefaults(item: Record<string, unknown> | undefined): UserSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_USER_SETTINGS };
  for (const name of SETTING_NAMES) {
    if (item && item[name] !== undefined && userSettingsSchema.shape[name].safeParse(item[name]).success) settings[name] = item[name];
  }
  return settings as UserSettings;
}

export async function getUserSettings(userId: string): Promise<UserSettings> {
  return withDefaults(await table.get<Record<string, unknown>>(keys.userSettings(userId)));
}

/**
 * SETs only the settings named in the patch, so two tabs changing different settings never
 * overwrite each other; returns the whole item as it stands after the write.
 */
export async function updateUserSettings(userId: string, patch: UpdateUserSettingsBody, now: Date): Promise<UserSettings> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt', '#entity': 'entity' };
  const values: Record<string, unknown> = { ':updatedAt': now.toISOString() };
  const sets = ['#updatedAt = :updatedAt'];
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  const item = await table.update<Record<string, unknown>>(keys.userSettings(userId), {
    UpdateExpression: `SET ${sets.join(', ')}, #entity = if_not_exists(#entity, :entity)`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':entity': 'userSettings' },
    ReturnValues: 'ALL_NEW',
  });
  return withDefaults(item);
}
