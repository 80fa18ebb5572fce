import { ERROR_CODES, type MentorInterestBody, type UserInterestAnswers } from '@meld/shared';
import { DomainError } from '../errors.ts';

export interface MentorInterestStore {
  putMentorInterest(record: MentorInterestBody & { id: string; status: 'pending'; createdAt: string; updatedAt: string }): Promise<void>;
}

/**
 * Records a mentor's interest as a new pending record, whatever its e-mail: a public form never
 * changes an existing record (an audit overwrote an invited mentor's name, job and company, and
 * with them their interview page and prompts, by submitting their e-mail again). The answer is the
 * same for a new address and a repeat; the admin list marks repeats (repeats.ts).
 */
export async function submitMentorInterest(answers: MentorInterestBody, deps: MentorInterestStore & { newId: () => string; now: Date }): Promise<{ id: string }> {
  const at = deps.now.toISOString();
  const id = deps.newId();
  await deps.putMentorInterest({ ...answers, id, status: 'pending', createdAt: at, updatedAt: at });
  return { id };
}

export interface UserInterestStore {
  putUserInterest(record: UserInterestAnswers & { id: string; newsletterSignedUp: boolean; newsletterSignedUpAt: string | null; createdAt: string }): Promise<void>;
}

/**
 * Records a prospective user's interest. Every submission is its own record, a repeat e-mail too
 * (the admin list marks it): its random id is what the success screen's newsletter step names, so
 * it must never point at someone else's.
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
