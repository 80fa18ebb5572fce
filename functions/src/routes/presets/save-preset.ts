import { randomUUID } from 'node:crypto';
import { savePreset } from '../../domain/presets/presets.ts';
import { defineHandler } from '../../http/handler.ts';
import * as presetStore from '../../store/preset-store.ts';

export const handler = defineHandler('savePreset', async ({ auth, body, now }) => savePreset(auth.userId, body, { store: presetStore, newId: randomUUID, now }));
