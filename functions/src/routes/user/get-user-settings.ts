import { defineHandler } from '../../http/handler.ts';
import { getUserSettings } from '../../store/user-settings-store.ts';

/** The settings dialog's choices, defaults filled in for anything never changed. */
export const handler = defineHandler('getUserSettings', async ({ auth }) => getUserSettings(auth.userId));
