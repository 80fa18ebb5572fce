import type { Preset } from '@meld/shared';
import { assertItemFits } from './item-size.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

type StoredPreset = Preset & Keys & { entity: 'preset' };

function fromItem(item: StoredPreset): Preset {
  const { pk: _pk, sk: _sk, entity: _entity, ...preset } = item;
  return preset;
}

function presetsQuery(userId: string) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.presetPrefix },
  };
}

export async function getPreset(userId: string, presetId: string): Promise<Preset | undefined> {
  const item = await table.get<StoredPreset>(keys.preset(userId, presetId));
  return item ? fromItem(item) : undefined;
}

/** Writes a preset whole, replacing any with the same id. */
export async function putPreset(userId: string, preset: Preset): Promise<void> {
  const item = { ...preset, ...keys.preset(userId, preset.presetId), entity: 'preset', user: userId };
  // A preset holds a conversation's settings: four instruction fields of up to 100,000 characters each can outgrow an item.
  assertItemFits(item, 'This preset', 'Shorten its instructions, system prompt or greeting.');
  await table.put(item);
}

/** All of a user's presets, in key order; one query per 1 MB page. */
export async function listPresets(userId: string): Promise<Preset[]> {
  const items = await table.queryAll<StoredPreset>(presetsQuery(userId));
  return items.map(fromItem);
}

/** Ids of the user's presets flagged as default (normally at most one). */
export async function listDefaultPresetIds(userId: string): Promise<string[]> {
  const query = presetsQuery(userId);
  const items = await table.queryAll<{ presetId: string }>({
    ...query,
    FilterExpression: 'defaultPreset = :yes',
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':yes': true },
    ProjectionExpression: 'presetId',
  });
  return items.map((item) => item.presetId);
}

/** Clears the default flag; a preset deleted meanwhile is left deleted, not recreated. */
export async function clearDefaultPreset(userId: string, presetId: string, updatedAt: string): Promise<void> {
  try {
    await table.update(keys.preset(userId, presetId), {
      UpdateExpression: 'SET defaultPreset = :no, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':no': false, ':at': updatedAt },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Deletes one preset; false when the user has none with that id. */
export async function deletePreset(userId: string, presetId: string): Promise<boolean> {
  try {
    await table.delete(keys.preset(userId, presetId), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Deletes every preset of the user; returns how many went. */
export async function deleteAllPresets(userId: string): Promise<number> {
  const items = await table.queryAll<Keys>({ ...presetsQuery(userId), ProjectionExpression: 'pk, sk' });
  await table.batchWrite([], items);
  return items.length;
}
