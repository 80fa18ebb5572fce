import { countTokens } from '../../domain/balance/token-count.ts';
import { defineHandler } from '../../http/handler.ts';

/** How many tokens a text is, as the balance counts them. */
export const handler = defineHandler('countTokens', async ({ body }) => ({ count: countTokens(body.text) }));
