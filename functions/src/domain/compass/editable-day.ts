import { ERROR_CODES, type InteractionType } from '@meld/shared';
import { DomainError } from '../errors.ts';
import type { UserClock } from './user-clock.ts';

/** The user's today only: past days are read-only and future days have not started (spec 002 §4). */
export function assertToday(date: string, clock: UserClock): void {
  if (date !== clock.today) throw new DomainError('invalid', ERROR_CODES.validation, `Only today (${clock.today}) can be changed; ${date} is read-only.`, 'date');
}

/** A compass or evening entry may be saved only for today, and the evening one only after 15:00 local time. */
export function assertEditableDay(interaction: { date: string; interactionMeta: { type: InteractionType } }, clock: UserClock): void {
  assertToday(interaction.date, clock);
  if (interaction.interactionMeta.type === 'evening-reflection' && !clock.eveningOpen) {
    throw new DomainError('invalid', ERROR_CODES.validation, 'The evening check-in opens after 3 PM today.', 'interactionMeta.type');
  }
}
