import { updateBanner } from '../../domain/banners/banners.ts';
import { defineHandler } from '../../http/handler.ts';
import * as bannerStore from '../../store/banner-store.ts';

export const handler = defineHandler('updateBanner', async ({ params, body, now }) => updateBanner(params.bannerId, body, { store: bannerStore, now }));
