import { getAppConfig } from '../../config/app-config.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('searchEnabled', async () => getAppConfig().search.enabled);
