import { randomUUID } from 'node:crypto';
import { getAppConfig } from '../../config/app-config.ts';
import { submitMentorInterest } from '../../domain/interest/interest.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { putMentorInterest } from '../../store/interest-store.ts';

/** The public mentor form; per-address limit so nobody can fill the table from a script. A repeat e-mail gets the same answer (a new id). */
export const handler = defineHandler('submitMentorInterest', async ({ body, ip, now }) => {
  await enforceRateLimit(getAppConfig(), 'interest', ip, now.getTime());
  const { id } = await submitMentorInterest(body, { putMentorInterest, newId: randomUUID, now });
  return reply({ ok: true as const, _id: id }, { status: 201 });
});
