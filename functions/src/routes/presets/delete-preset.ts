import { deletePresets } from '../../domain/presets/presets.ts';
import { defineHandler } from '../../http/handler.ts';
import * as presetStore from '../../store/preset-store.ts';

/** `{ presetId }` deletes that preset; an empty body deletes all of the user's presets. */
export const handler = defineHandler('deletePreset', async ({ auth, body }) => deletePresets(auth.userId, body.presetId, presetStore));
