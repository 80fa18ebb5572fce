import type { AppConfig, MentorResponseStatus } from '@meld/shared';
import { bucketObjects } from './blobs.ts';
import { releaseMentorEmail, type MentorInterestRecord } from './interest-store.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/**
 * The mentor interview's storage (docs/data-model.md). A mentor's record and the six stage items
 * share the partition `MENTOR_INTEREST#<id>`, so one query reads a whole interview; the token
 * lives only as its SHA-256 in a lookup item, so a table dump holds no working link.
 */

/** What the interview adds to a mentor sign-up record. */
export interface MentorInterviewFields {
  tokenHash?: string;
  accessTokenPrefix?: string;
  tokenCreatedAt?: string;
  /** The welcome page's introduction, written once per token. */
  introduction?: string;
  introductionSource?: 'model' | 'default';
  /** Whether the introduction offered voice answers: written again when that changes. */
  introductionVoice?: boolean;
  interviewStartedAt?: string;
  insights?: string;
  insightsSource?: 'model' | 'summary';
  completedAt?: string;
}
export type MentorRecord = MentorInterestRecord & MentorInterviewFields;

export interface RejectedQuestion {
  question: string;
  preamble: string;
  reason: string | null;
  at: string;
}

export interface StoredMentorResponse {
  mentorId: string;
  stage: number;
  question: string;
  preamble: string;
  questionSource: 'model' | 'question-bank';
  responseText: string;
  status: MentorResponseStatus;
  durationMs: number | null;
  /** The recording in the audio bucket, kept when transcription fails so it can be retried. */
  audioKey: string | null;
  audioMimeType: string | null;
  /** The speech engine's job while status is transcribing (Amazon Transcribe's job name). */
  transcriptionJob: string | null;
  transcriptionError: string | null;
  rejectionReason: string | null;
  rejectedQuestions: RejectedQuestion[];
  createdAt: string;
  updatedAt: string;
}

const INTERNAL = ['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk'] as const;

function strip<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const field of INTERNAL) delete copy[field];
  return copy as T;
}

function responseItem(response: StoredMentorResponse) {
  return {
    ...keys.mentorResponse(response.mentorId, response.stage),
    entity: 'mentorResponse',
    gsi1pk: keys.mentorResponseList,
    gsi1sk: `${response.createdAt}#${response.mentorId}#${response.stage}`,
    ...response,
  };
}

/** The mentor's record and every stage item, from one query. */
export async function getMentorInterview(mentorId: string): Promise<{ mentor: MentorRecord; responses: StoredMentorResponse[] } | undefined> {
  const items = await table.queryAll<Record<string, unknown> & { sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.mentorInterest(mentorId).pk },
    ConsistentRead: true,
  });
  const record = items.find((item) => item.sk === keys.mentorInterest(mentorId).sk);
  if (!record) return undefined;
  const responses = items
    .filter((item) => item.sk.startsWith(keys.mentorResponsePrefix))
    .map((item) => strip<StoredMentorResponse>(item))
    .sort((a, b) => a.stage - b.stage);
  return { mentor: strip<MentorRecord>(record), responses };
}

export async function getMentorRecord(mentorId: string): Promise<MentorRecord | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.mentorInterest(mentorId), true);
  return item ? strip<MentorRecord>(item) : undefined;
}

/** Every mentor sign-up, oldest first. */
export async function listMentorRecords(): Promise<MentorRecord[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.mentorInterestList },
  });
  return items.map((item) => strip<MentorRecord>(item));
}

/** Every stored answer of every mentor (or of one), oldest first. */
export async function listMentorResponses(mentorId?: string): Promise<StoredMentorResponse[]> {
  if (mentorId) return (await getMentorInterview(mentorId))?.responses ?? [];
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.mentorResponseList },
  });
  return items.map((item) => strip<StoredMentorResponse>(item));
}

/**
 * Sets fields on an existing mentor record; undefined when there is none. Field names go through
 * placeholders: several (status among them) are DynamoDB reserved words.
 */
export async function updateMentorRecord(mentorId: string, change: Partial<MentorRecord> & { updatedAt: string }): Promise<MentorRecord | undefined> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  try {
    const updated = await table.update<Record<string, unknown>>(keys.mentorInterest(mentorId), {
      UpdateExpression: `SET ${entries.map(([field]) => `#${field} = :${field}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([field]) => [`#${field}`, field])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([field, value]) => [`:${field}`, value])),
      ReturnValues: 'ALL_NEW',
    });
    return updated ? strip<MentorRecord>(updated) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Points a new token at the mentor and retires the previous one. The lookup item is written
 * first (claim first, decision 0001): a crash after it leaves a token that works, never a mentor
 * whose record names a token that does not.
 */
export async function replaceMentorToken(mentorId: string, token: { hash: string; prefix: string }, at: string): Promise<MentorRecord | undefined> {
  const before = await getMentorRecord(mentorId);
  if (!before) return undefined;
  await table.put({ ...keys.mentorToken(token.hash), entity: 'mentorToken', mentorInterestId: mentorId, createdAt: at }, { ConditionExpression: 'attribute_not_exists(pk)' });
  const after = await updateMentorRecord(mentorId, { tokenHash: token.hash, accessTokenPrefix: token.prefix, tokenCreatedAt: at, updatedAt: at });
  if (before.tokenHash && before.tokenHash !== token.hash) await table.delete(keys.mentorToken(before.tokenHash));
  return after;
}

/** The mentor a token hash names; undefined for an unknown or retired token. */
export async function findMentorIdByTokenHash(hash: string): Promise<string | undefined> {
  const item = await table.get<{ mentorInterestId: string }>(keys.mentorToken(hash), true);
  return item?.mentorInterestId;
}

export async function getMentorResponse(mentorId: string, stage: number): Promise<StoredMentorResponse | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.mentorResponse(mentorId, stage), true);
  return item ? strip<StoredMentorResponse>(item) : undefined;
}

/** Writes a stage's first question; false when the stage already has one (a concurrent request wrote it first). */
export async function createMentorResponse(response: StoredMentorResponse): Promise<boolean> {
  try {
    await table.put(responseItem(response), { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Read, change, write back only if nobody wrote in between (optimistic, on updatedAt); the change
 * may return null to leave the item alone. Undefined when the stage has no item.
 */
export async function updateMentorResponse(
  mentorId: string,
  stage: number,
  change: (current: StoredMentorResponse) => StoredMentorResponse | null,
): Promise<StoredMentorResponse | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getMentorResponse(mentorId, stage);
    if (!current) return undefined;
    const next = change(current);
    if (!next) return current;
    try {
      await table.put(responseItem(next), { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': current.updatedAt } });
      return next;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  throw new Error(`Mentor ${mentorId}'s answer ${stage} kept changing while being updated`);
}

/** The rate limit the interview's model calls count against, per mentor. */
const INTERVIEW_RATE_SCOPE: keyof AppConfig['rateLimits'] = 'mentorInterview';

/**
 * Deletes a mentor and everything of their interview; false when there is no such mentor. The
 * link's lookup item goes first, so the link stops working at once; then the recordings (their
 * own folder in the audio bucket) and Amazon Transcribe's transcripts of them (named after the
 * recordings, so they share a prefix), the stage items, the interview's rate-limit windows and an
 * e-mail claim left from before issue 21 (only while it names this record); the record
 * goes last, so a deletion cut short is found and finished by the next try.
 */
export async function deleteMentorInterview(mentorId: string): Promise<boolean> {
  const recordKey = keys.mentorInterest(mentorId);
  const items = await table.queryAll<Keys & { tokenHash?: string; email?: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': recordKey.pk },
    ProjectionExpression: 'pk, sk, tokenHash, email',
    ConsistentRead: true,
  });
  const record = items.find((item) => item.sk === recordKey.sk);
  if (!record) return false;
  if (record.tokenHash) await table.delete(keys.mentorToken(record.tokenHash));
  const audio = bucketObjects('audio');
  const folder = keys.mentorAudioPrefix(mentorId);
  await Promise.all([audio.deletePrefix(folder), audio.deletePrefix(keys.transcriptPrefix(folder))]);
  const windows = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.rateWindowPartition(INTERVIEW_RATE_SCOPE, mentorId) },
    ProjectionExpression: 'pk, sk',
  });
  const others = items.filter((item) => item.sk !== recordKey.sk);
  await table.batchWrite([], [...others, ...windows].map(({ pk, sk }) => ({ pk, sk })));
  if (record.email) await releaseMentorEmail(record.email, mentorId);
  await table.delete(recordKey);
  return true;
}
