import { listBanners } from '../../domain/banners/banners.ts';
import { defineHandler } from '../../http/handler.ts';
import * as bannerStore from '../../store/banner-store.ts';

export const handler = defineHandler('listBanners', async () => listBanners(bannerStore));
