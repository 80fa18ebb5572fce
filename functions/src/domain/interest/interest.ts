import { ERROR_CODES, type MentorInterestBody, type UserInterestAnswers } from '@meld/shared';
import { DomainError } from '../errors.ts';

export interface MentorInterestStore {
  claimMentorEmail(email: string, id: string, at: string): Promise<string>;
  saveMentorInterest(id: string, answers: MentorInterestBody, at: string): Promise<void>;
}

/**
 * Records a mentor's interest. A second submission with the same e-mail is accepted and answered
 * the same way, but updates the first record instead of adding one: admins invite each mentor
 * once, and the newest answers (a new job title, say) are the ones worth reading. The record keeps
 * its status, so resubmitting never resets a mentor already invited or interviewed.
 */
export async function submitMentorInterest(answers: MentorInterestBody, deps: MentorInterestStore & { newId: () => string; now: Date }): Promise<{ id: string }> {
  const at = deps.now.toISOString();
  const id = await deps.claimMentorEmail(answers.email, deps.newId(), at);
  await deps.saveMentorInterest(id, answers, at);
  return { id };
}

export interface UserInterestStore {
  putUserInterest(record: UserInterestAnswers & { id: string; newsletterSignedUp: boolean; newsletterSignedUpAt: string | null; createdAt: string }): Promise<void>;
}

/**
 * Records a prospective user's interest. Every submission is its own record: its random id is
 * what the success screen's newsletter step names, so it must never point at someone else's.
 */
export async function submitUserInterest(answers: UserInterestAnswers, deps: UserInterestStore & { newId: () => string; now: Date }): Promise<{ id: string }> {
  const id = deps.newId();
  await deps.putUserInterest({ ...answers, id, newsletterSignedUp: false, newsletterSignedUpAt: null, createdAt: deps.now.toISOString() });
  return { id };
}

export async function confirmNewsletterSignup(id: string, deps: { markNewsletterSignup(id: string, at: string): Promise<boolean>; now: Date }): Promise<void> {
  if (!(await deps.markNewsletterSignup(id, deps.now.toISOString()))) {
    throw new DomainError('not-found', ERROR_CODES.notFound, 'No interest signup has this id.');
  }
}
