import { readTerms } from '../../domain/account/terms.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { defineHandler } from '../../http/handler.ts';
import * as users from '../../store/user-store.ts';

export const handler = defineHandler('getTerms', async ({ auth }) => readTerms(auth.userId, getAppConfig().terms, users));
