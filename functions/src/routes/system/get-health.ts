import { defineHandler } from '../../http/handler.ts';

export const handler = defineHandler('health', async ({ now }) => ({ status: 'ok' as const, time: now.toISOString() }));
