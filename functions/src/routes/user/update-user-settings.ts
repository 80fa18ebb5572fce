import { defineHandler } from '../../http/handler.ts';
import { updateUserSettings } from '../../store/user-settings-store.ts';

/** Changes only the settings sent; answers with all of them. */
export const handler = defineHandler('updateUserSettings', async ({ auth, body, now }) => updateUserSettings(auth.userId, body, now));
