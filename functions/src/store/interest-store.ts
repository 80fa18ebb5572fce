import type { MentorInterestBody, MentorInterestStatus, UserInterestAnswers } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, table } from './table.ts';

export type MentorInterestRecord = MentorInterestBody & { id: string; status: MentorInterestStatus; createdAt: string; updatedAt: string };
export type UserInterestRecord = UserInterestAnswers & {
  id: string;
  newsletterSignedUp: boolean;
  newsletterSignedUpAt: string | null;
  createdAt: string;
};

/** A new mentor sign-up, pending; never over an existing record (every submission has its own random id). */
export async function putMentorInterest(record: MentorInterestRecord): Promise<void> {
  await table.put(
    // The admin list (gsi1), in sign-up order.
    { ...keys.mentorInterest(record.id), entity: 'mentorInterest', gsi1pk: keys.mentorInterestList, gsi1sk: `${record.createdAt}#${record.id}`, ...record },
    { ConditionExpression: 'attribute_not_exists(pk)' },
  );
}

export async function getMentorInterest(id: string): Promise<MentorInterestRecord | undefined> {
  const item = await table.get<MentorInterestRecord & { pk: string; sk: string; entity: string }>(keys.mentorInterest(id), true);
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, ...record } = item;
  return record;
}

type StoredUserInterest = UserInterestRecord & { pk: string; sk: string; entity: string; gsi1pk?: string; gsi1sk?: string };

function toUserInterest({ pk: _pk, sk: _sk, entity: _entity, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...record }: StoredUserInterest): UserInterestRecord {
  return record;
}

export async function putUserInterest(record: UserInterestRecord): Promise<void> {
  await table.put(
    // The admin list (gsi1), newest first on read.
    { ...keys.userInterest(record.id), entity: 'userInterest', gsi1pk: keys.userInterestList, gsi1sk: keys.userInterestListSort(record.createdAt, record.id), ...record },
    { ConditionExpression: 'attribute_not_exists(pk)' },
  );
}

/** Every user sign-up, newest first, from one query (every page). */
export async function listUserInterests(): Promise<UserInterestRecord[]> {
  const items = await table.queryAll<StoredUserInterest>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userInterestList },
    ScanIndexForward: false,
  });
  return items.map(toUserInterest);
}

/** Removes a user sign-up; false when no sign-up has that id. */
export async function deleteUserInterest(id: string): Promise<boolean> {
  try {
    await table.delete(keys.userInterest(id), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Deletes the e-mail claim a mentor sign-up wrote before issue 21 (sign-ups no longer claim their
 * e-mail), only while it names this record: the address goes with the mentor.
 */
export async function releaseMentorEmail(email: string, id: string): Promise<void> {
  try {
    await table.delete(keys.mentorInterestEmail(email), { ConditionExpression: 'mentorInterestId = :id', ExpressionAttributeValues: { ':id': id } });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

export async function getUserInterest(id: string): Promise<UserInterestRecord | undefined> {
  const item = await table.get<StoredUserInterest>(keys.userInterest(id), true);
  return item ? toUserInterest(item) : undefined;
}

/** Marks the signup's newsletter step confirmed; false when no signup has that id. */
export async function markNewsletterSignup(id: string, at: string): Promise<boolean> {
  try {
    await table.update(keys.userInterest(id), {
      UpdateExpression: 'SET newsletterSignedUp = :yes, newsletterSignedUpAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':yes': true, ':at': at },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
