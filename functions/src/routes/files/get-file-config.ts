import { getAppConfig } from '../../config/app-config.ts';
import { fileConfig } from '../../domain/files/file-rules.ts';
import { defineHandler } from '../../http/handler.ts';

/** The File config: the server's and avatar limits, the API's upload cap and every endpoint's rules, in bytes. */
export const handler = defineHandler('getFileConfig', async () => fileConfig(getAppConfig()));
