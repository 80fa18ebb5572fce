import { getAppConfig } from '../../config/app-config.ts';
import { toStartupConfig } from '../../domain/config/startup-config.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('getConfig', async () => toStartupConfig(getAppConfig()));
