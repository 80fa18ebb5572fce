import { ADMIN_MESSAGES, ERROR_CODES, type UserInterestAdmin } from '@meld/shared';
import type { UserInterestRecord } from '../../store/interest-store.ts';
import { DomainError } from '../errors.ts';
import { repeatsOf } from '../interest/repeats.ts';

/** The admin's side of the interest forms (spec 002): user sign-ups listed and deleted, mentors deleted with their interview. */

export interface InterestAdminDeps {
  listUserInterests(): Promise<UserInterestRecord[]>;
  deleteUserInterest(id: string): Promise<boolean>;
  /** The record, its answers, its link and its recordings; false when there is no such mentor. */
  deleteMentorInterview(mentorId: string): Promise<boolean>;
}

/** The visitor's answers as given, where the newsletter step stands, and the sign-up it repeats. */
export function userInterestAdminView(record: UserInterestRecord, repeatOf: string | null = null): UserInterestAdmin {
  const { id, newsletterSignedUp, newsletterSignedUpAt, createdAt, ...answers } = record;
  return { _id: id, ...answers, newsletterSubscription: newsletterSignedUp, newsletterSignedUpAt, createdAt, repeatOf };
}

/** Every user sign-up, newest first, a repeat e-mail marked with its first sign-up. */
export async function listUserInterests(deps: Pick<InterestAdminDeps, 'listUserInterests'>): Promise<UserInterestAdmin[]> {
  const records = await deps.listUserInterests();
  const repeats = repeatsOf(records);
  return records.map((record) => userInterestAdminView(record, repeats.get(record.id) ?? null));
}

export async function deleteUserInterest(id: string, deps: Pick<InterestAdminDeps, 'deleteUserInterest'>): Promise<{ ok: true }> {
  if (!(await deps.deleteUserInterest(id))) throw new DomainError('not-found', ERROR_CODES.notFound, ADMIN_MESSAGES.signupNotFound);
  return { ok: true };
}

/** Deletes a mentor sign-up with everything of their interview; the old link answers 404 from then on. */
export async function deleteMentor(mentorId: string, deps: Pick<InterestAdminDeps, 'deleteMentorInterview'>): Promise<{ ok: true }> {
  if (!(await deps.deleteMentorInterview(mentorId))) throw new DomainError('not-found', ERROR_CODES.notFound, ADMIN_MESSAGES.mentorNotFound);
  return { ok: true };
}
