import type { Preset, RouteBody } from '@meld/shared';

/** A preset file is a few kilobytes; anything much larger is not one (and is not read into memory). */
export const PRESET_FILE_MAX_BYTES = 512 * 1024;

/** What a preset is, as against what it says: its id, owner, order, default flag and dates stay here. */
const IDENTITY_KEYS = ['presetId', 'user', 'order', 'defaultPreset', 'createdAt', 'updatedAt', '_id', '__v'] as const;

/** The settings a preset stores: everything but its identity. */
export function settingsOf(preset: Preset): Omit<RouteBody<'savePreset'>, 'title'> {
  const settings: Record<string, unknown> = { ...preset };
  for (const key of [...IDENTITY_KEYS, 'title']) delete settings[key];
  return settings;
}

/**
 * The preset as LibreChat exports one (cleanupPreset): its id and title beside its conversation
 * settings, without the owner, order, default flag or dates, so a file can be shared.
 */
export function presetExport(preset: Preset): Record<string, unknown> {
  return { presetId: preset.presetId, title: preset.title, ...settingsOf(preset) };
}

/** A file name from the title: characters file systems refuse become dashes. */
export function presetFileName(title: string): string {
  const printable = [...title].map((char) => (char.charCodeAt(0) < 32 ? '-' : char)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, '-').trim().slice(0, 80);
  return `${base || 'preset'}.json`;
}

export type PresetFileResult = { ok: true; preset: RouteBody<'savePreset'> } | { ok: false; reason: 'notJson' | 'notPreset' | 'invalid'; detail?: string };

/**
 * Reads a preset file (ours or LibreChat's). An import always makes a new preset, as LibreChat's
 * does: the file's id, default flag and order are dropped. Settings this app does not know are
 * left out; a known one out of range refuses the file, naming the field. The server checks again.
 * The schema is fetched here, on first import, to keep it off the page's load.
 */
export async function parsePresetFile(text: string): Promise<PresetFileResult> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof (data as { title?: unknown }).title !== 'string') return { ok: false, reason: 'notPreset' };
  const fields: Record<string, unknown> = { ...data };
  for (const key of IDENTITY_KEYS) delete fields[key];
  const { savePresetBody } = await import('./preset-file-schema.ts');
  const parsed = savePresetBody.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: 'invalid', detail: issue ? `${issue.path.join('.') || 'title'}: ${issue.message}` : undefined };
  }
  return { ok: true, preset: parsed.data };
}

/** A chosen file's text (FileReader: Blob.text() is missing from older Safari and from jsdom). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
