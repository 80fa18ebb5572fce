import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES, INTERVIEW_OPEN_STATUSES, MENTOR_INTERVIEW_MESSAGES, type MentorInterestStatus } from '@meld/shared';
import type { MentorRecord, StoredMentorResponse } from '../../store/mentor-interview-store.ts';
import { DomainError } from '../errors.ts';

/**
 * Who an interview link names. The token is the mentor's only credential: it is stored as its
 * SHA-256 (decision 0012), resolved through the lookup item, and opens the interview only while
 * the mentor's status allows one.
 */

export interface Interview {
  mentor: MentorRecord;
  responses: StoredMentorResponse[];
}

export interface InterviewAccessDeps {
  findMentorIdByTokenHash(hash: string): Promise<string | undefined>;
  getMentorInterview(mentorId: string): Promise<Interview | undefined>;
  updateMentorRecord(mentorId: string, change: Partial<MentorRecord> & { updatedAt: string }): Promise<MentorRecord | undefined>;
}

/** 48 random bytes are exactly 64 url-safe characters: the length the `mentor-token` auth level accepts. */
export function newAccessToken(): string {
  return randomBytes(48).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The first characters admins see, so they can tell which link a mentor holds. */
export const ACCESS_TOKEN_PREFIX_LENGTH = 8;

const isOpen = (status: MentorInterestStatus) => (INTERVIEW_OPEN_STATUSES as readonly MentorInterestStatus[]).includes(status);

const expired = () => new DomainError('not-found', ERROR_CODES.notFound, MENTOR_INTERVIEW_MESSAGES.expired);
const closed = () => new DomainError('forbidden', ERROR_CODES.forbidden, MENTOR_INTERVIEW_MESSAGES.closed);

/** The interview a token names, whatever its status; 404 for an unknown or retired token. */
export async function findInterview(token: string, deps: InterviewAccessDeps): Promise<Interview> {
  const hash = hashAccessToken(token);
  const mentorId = await deps.findMentorIdByTokenHash(hash);
  const interview = mentorId ? await deps.getMentorInterview(mentorId) : undefined;
  // The record names the current token: a lookup item a crash left behind for a replaced token opens nothing.
  if (!interview || interview.mentor.tokenHash !== hash) throw expired();
  return interview;
}

/**
 * The open interview a token names: 404 for an unknown token, 403 once it is submitted or the
 * mentor was rejected. The first touch of a pending mentor's interview marks it started.
 */
export async function openInterview(token: string, deps: InterviewAccessDeps, now: Date): Promise<Interview> {
  const interview = await findInterview(token, deps);
  return startIfPending(interview, deps, now);
}

export async function startIfPending(interview: Interview, deps: Pick<InterviewAccessDeps, 'updateMentorRecord'>, now: Date): Promise<Interview> {
  const { mentor } = interview;
  if (!isOpen(mentor.status)) throw closed();
  if (mentor.status !== 'pending') return interview;
  const at = now.toISOString();
  const started = await deps.updateMentorRecord(mentor.id, { status: 'interview started', interviewStartedAt: at, updatedAt: at });
  if (!started) throw expired();
  return { ...interview, mentor: started };
}
