import type { AppConfig } from '@meld/shared';
import { countHit } from '../store/rate-limit-store.ts';
import { httpErrors } from './errors.ts';

export type RateLimitName = keyof AppConfig['rateLimits'];

/** Throws a 429 once `subject` has used up the configured attempts for this window. */
export async function enforceRateLimit(config: AppConfig, name: RateLimitName, subject: string, now = Date.now()): Promise<void> {
  const limit = config.rateLimits[name];
  const windowSeconds = Math.round(limit.windowMinutes * 60);
  const hits = await countHit(name, subject, windowSeconds, now);
  if (hits > limit.max) {
    const windowEnd = (Math.floor(now / 1000 / windowSeconds) + 1) * windowSeconds;
    throw httpErrors.tooManyRequests(Math.max(1, windowEnd - Math.floor(now / 1000)));
  }
}
