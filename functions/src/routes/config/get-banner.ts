import { optionalAuth } from '../../http/auth.ts';
import { defineHandler } from '../../http/handler.ts';
import { getActiveBanner } from '../../store/banner-store.ts';

/** Public banners for everyone; banners marked not public only for signed-in users. */
export const handler = defineHandler('getBanner', async ({ event, now }) => getActiveBanner(now, (await optionalAuth(event)) !== null));
