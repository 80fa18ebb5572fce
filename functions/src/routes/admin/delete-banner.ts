import { deleteBanner } from '../../domain/banners/banners.ts';
import { defineHandler } from '../../http/handler.ts';
import * as bannerStore from '../../store/banner-store.ts';

export const handler = defineHandler('deleteBanner', async ({ params }) => deleteBanner(params.bannerId, bannerStore));
