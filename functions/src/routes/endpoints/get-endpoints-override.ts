import { getAppConfig } from '../../config/app-config.ts';
import { endpointsOverride } from '../../domain/config/endpoints-override.ts';
import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('getEndpointsOverride', async () => endpointsOverride(getAppConfig()));
