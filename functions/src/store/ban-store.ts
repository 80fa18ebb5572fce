import { keys } from './keys.ts';
import { banSessions } from './session-store.ts';
import { isConditionFailed, table, ttlFrom, type Keys } from './table.ts';

/** Whom a violation or a ban is charged to: an account, or an IP address when no account is known. */
export type Offender = { kind: 'user'; id: string } | { kind: 'ip'; id: string };

/**
 * Bans the offender until `until` (epoch ms); a longer ban already in place is kept. A user's ban
 * is `bannedUntil` on the profile, which login and refresh read anyway, and on each of its
 * sessions, which every signed-in request reads; an IP address's ban is an item of its own that
 * TTL removes some time after it ends.
 */
export async function putBan(offender: Offender, until: number): Promise<void> {
  const notLonger = 'attribute_not_exists(bannedUntil) OR bannedUntil < :until';
  try {
    if (offender.kind === 'user') {
      await table.update(keys.user(offender.id), {
        UpdateExpression: 'SET bannedUntil = :until',
        ConditionExpression: `attribute_exists(pk) AND (${notLonger})`,
        ExpressionAttributeValues: { ':until': until },
      });
      await banSessions(offender.id, until);
    } else {
      await table.put(
        { ...keys.ipBan(offender.id), entity: 'ban', bannedUntil: until, expiresAt: ttlFrom(new Date(until)) },
        { ConditionExpression: notLonger, ExpressionAttributeValues: { ':until': until } },
      );
    }
  } catch (error) {
    // A longer ban already runs, or the user was deleted meanwhile.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * The latest end (epoch ms) of the offenders' bans, ended or not: callers compare it with their
 * own clock, since TTL deletes late. One read, whether one offender or two.
 */
export async function latestBanEnd(offenders: Offender[]): Promise<number> {
  const keyList = offenders.map(banKey);
  const items = keyList.length === 1 ? [await table.get<{ bannedUntil?: number }>(keyList[0]!)] : await table.batchGet<{ bannedUntil?: number }>(keyList);
  return Math.max(0, ...items.map((item) => item?.bannedUntil ?? 0));
}

function banKey(offender: Offender): Keys {
  return offender.kind === 'user' ? keys.user(offender.id) : keys.ipBan(offender.id);
}
