import { ERROR_CODES, type AcceptTermsResponse, type AppConfig, type TermsResponse } from '@meld/shared';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';

export interface TermsDeps {
  getUser(userId: string): Promise<Pick<UserRecord, 'termsAccepted' | 'termsAcceptedAt'> | undefined>;
  /** Marks the terms accepted, keeping the first acceptance's time; undefined for a deleted user. */
  acceptTerms(userId: string, at: string): Promise<{ termsAcceptedAt: string } | undefined>;
}

// A deleted account's access token still verifies until it expires: it is signed out, not a 404.
const accountGone = () => new DomainError('unauthenticated', ERROR_CODES.unauthorized, 'Your account no longer exists.');

/** The user's acceptance with the operator's terms, as the terms dialog shows them. */
export async function readTerms(userId: string, terms: AppConfig['terms'], deps: TermsDeps): Promise<TermsResponse> {
  const user = await deps.getUser(userId);
  if (!user) throw accountGone();
  return {
    termsAccepted: user.termsAccepted,
    termsAcceptedAt: user.termsAcceptedAt ?? null,
    title: terms.modalTitle ?? null,
    text: terms.text,
  };
}

export async function acceptTerms(userId: string, now: Date, deps: TermsDeps): Promise<AcceptTermsResponse> {
  const accepted = await deps.acceptTerms(userId, now.toISOString());
  if (!accepted) throw accountGone();
  return { message: 'Terms accepted.', termsAccepted: true, termsAcceptedAt: accepted.termsAcceptedAt };
}
