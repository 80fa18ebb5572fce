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

/** Mentor answers a repeat submission may change; the rest (id, status, createdAt) stay as first written. */
const MENTOR_ANSWERS = ['firstName', 'lastName', 'email', 'jobTitle', 'company', 'industry', 'careerStage'] as const;

/**
 * Claims `email` for the mentor record `id` (claim first, decision 0001). Returns the id that owns
 * the e-mail: `id` when the claim is new, the earlier record's id otherwise.
 */
export async function claimMentorEmail(email: string, id: string, at: string): Promise<string> {
  try {
    await table.put({ ...keys.mentorInterestEmail(email), entity: 'mentorInterestEmail', mentorInterestId: id, createdAt: at }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return id;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const claim = await table.get<{ mentorInterestId: string }>(keys.mentorInterestEmail(email), true);
  if (!claim) throw new Error('The mentor e-mail claim vanished while being read');
  return claim.mentorInterestId;
}

/**
 * Writes a mentor's answers in one upsert: a new record starts pending; an existing one (or one a
 * crash left claimed but unwritten) keeps its status and createdAt and takes the newest answers,
 * an optional answer left out this time included.
 */
export async function saveMentorInterest(id: string, answers: MentorInterestBody, at: string): Promise<void> {
  const set = MENTOR_ANSWERS.filter((field) => answers[field] !== undefined);
  const remove = MENTOR_ANSWERS.filter((field) => answers[field] === undefined);
  // Every attribute by placeholder: status (and maybe others) are DynamoDB reserved words.
  const names = Object.fromEntries([...MENTOR_ANSWERS, 'status', 'entity', 'id', 'createdAt', 'updatedAt', 'gsi1pk', 'gsi1sk'].map((field) => [`#${field}`, field]));
  await table.update(keys.mentorInterest(id), {
    UpdateExpression: [
      'SET',
      [...set.map((field) => `#${field} = :${field}`), '#entity = :entity', '#id = :id', '#status = if_not_exists(#status, :pending)', '#createdAt = if_not_exists(#createdAt, :at)', '#updatedAt = :at', '#gsi1pk = :list', '#gsi1sk = if_not_exists(#gsi1sk, :listed)'].join(', '),
      remove.length ? `REMOVE ${remove.map((field) => `#${field}`).join(', ')}` : '',
    ].join(' '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: {
      ...Object.fromEntries(set.map((field) => [`:${field}`, answers[field]])),
      ':entity': 'mentorInterest',
      ':id': id,
      ':pending': 'pending' satisfies MentorInterestStatus,
      ':at': at,
      // The admin list (gsi1), in sign-up order.
      ':list': keys.mentorInterestList,
      ':listed': `${at}#${id}`,
    },
  });
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

/** Frees a mentor's e-mail for a new sign-up, only while the claim still names this record. */
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
