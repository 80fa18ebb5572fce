import { coachAdapter, type AppConfig } from '@meld/shared';
import { coachUnavailable } from '../../domain/coach-chats/threads.ts';
import { logger } from '../../http/logger.ts';

/**
 * The coach's endpoint and model, or a calm 409 when no real coach model answers (decision 0049):
 * the member reads that coach chats are not available; how to fix that goes to the log only.
 */
export function requireCoach(config: AppConfig): NonNullable<AppConfig['coach']> {
  if (config.coach && coachAdapter(config) !== 'none') return config.coach;
  logger.warn('coach chat refused: no coach model', { fix: 'set the app config\'s "coach" to a configured, non-demo endpoint and one of its models' });
  throw coachUnavailable();
}
