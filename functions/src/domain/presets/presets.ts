import { ERROR_CODES, type Preset, type savePresetBody } from '@meld/shared';
import type * as z from 'zod';
import { DomainError } from '../errors.ts';

export type SavePresetInput = z.output<typeof savePresetBody>;

export interface PresetStore {
  getPreset(userId: string, presetId: string): Promise<Preset | undefined>;
  putPreset(userId: string, preset: Preset): Promise<void>;
  listPresets(userId: string): Promise<Preset[]>;
  listDefaultPresetIds(userId: string): Promise<string[]>;
  clearDefaultPreset(userId: string, presetId: string, updatedAt: string): Promise<void>;
  deletePreset(userId: string, presetId: string): Promise<boolean>;
  deleteAllPresets(userId: string): Promise<number>;
}

export interface PresetDeps {
  store: PresetStore;
  newId: () => string;
  now: Date;
}

/**
 * Creates a preset, or replaces the user's preset with the same id: its settings are the ones
 * sent now, while createdAt stays and a flag or order left out keeps its stored value. Saving a
 * default clears the flag on the others (LibreChat's behaviour); the new default is written
 * first, so a failure between the writes leaves two defaults, never none.
 */
export async function savePreset(userId: string, input: SavePresetInput, deps: PresetDeps): Promise<Preset> {
  const { presetId: requestedId, title, defaultPreset, order, ...settings } = input;
  const existing = requestedId ? await deps.store.getPreset(userId, requestedId) : undefined;
  const at = deps.now.toISOString();
  const preset: Preset = {
    ...settings,
    presetId: requestedId ?? deps.newId(),
    title,
    defaultPreset: defaultPreset ?? existing?.defaultPreset ?? false,
    order: order ?? existing?.order ?? 0,
    user: userId,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  await deps.store.putPreset(userId, preset);
  if (defaultPreset) {
    const others = (await deps.store.listDefaultPresetIds(userId)).filter((id) => id !== preset.presetId);
    await Promise.all(others.map((id) => deps.store.clearDefaultPreset(userId, id, at)));
  }
  return preset;
}

/** The user's presets by `order`, then title (ignoring case). */
export async function listPresets(userId: string, store: Pick<PresetStore, 'listPresets'>): Promise<Preset[]> {
  const presets = await store.listPresets(userId);
  return presets.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.presetId.localeCompare(b.presetId));
}

/** Deletes one preset, or every preset of the user when no id is given. */
export async function deletePresets(userId: string, presetId: string | undefined, store: PresetStore): Promise<{ deletedCount: number }> {
  if (presetId === undefined) return { deletedCount: await store.deleteAllPresets(userId) };
  if (!(await store.deletePreset(userId, presetId))) throw new DomainError('not-found', ERROR_CODES.notFound, 'Preset not found.');
  return { deletedCount: 1 };
}
