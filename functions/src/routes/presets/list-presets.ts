import { listPresets } from '../../domain/presets/presets.ts';
import { defineHandler } from '../../http/handler.ts';
import * as presetStore from '../../store/preset-store.ts';

export const handler = defineHandler('listPresets', async ({ auth }) => listPresets(auth.userId, presetStore));
