import { randomUUID } from 'node:crypto';
import { getAppConfig } from '../../config/app-config.ts';
import { submitUserInterest } from '../../domain/interest/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { putUserInterest } from '../../store/interest-store.ts';

/** The public user form; the same per-address limit as the mentor form (one shared window). */
export const handler = defineHandler('submitUserInterest', async ({ body, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'interest', ip, now.getTime());
  const { id } = await submitUserInterest(body, { putUserInterest, newId: randomUUID, now });
  return reply({ _id: id }, { status: 201 });
});
