import { randomUUID } from 'node:crypto';
import { createBanner } from '../../domain/banners/banners.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import * as bannerStore from '../../store/banner-store.ts';

export const handler = defineHandler('createBanner', async ({ body, now }) =>
  reply(await createBanner(body, { store: bannerStore, newId: randomUUID, now }), { status: 201 }),
);
