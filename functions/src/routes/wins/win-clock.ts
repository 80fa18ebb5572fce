import { timeZoneHeader, userClock, type UserClock } from '../../domain/compass/user-clock.ts';
import { getUserTimeZone, saveUserTimeZone } from '../../store/user-store.ts';

/** The user's zone and today, as the compass routes read them: a win's date is its local day. */
export function winClock(userId: string, headers: Record<string, string | undefined>, now: Date): Promise<UserClock> {
  return userClock(userId, timeZoneHeader(headers), now, { getUserTimeZone, saveUserTimeZone });
}
