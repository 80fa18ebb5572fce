import { ERROR_CODES, type ResendVerificationResponse } from '@meld/shared';
import { verificationLink } from '../../mail/links.ts';
import { verificationMail } from '../../mail/templates.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { issueLinkToken, linkForReply, type LinkFlowDeps } from './link-tokens.ts';
import { hashSecret, newId } from './tokens.ts';

export const VERIFICATION_TOKEN_HOURS = 24;
export const VERIFICATION_SENT_MESSAGE = 'If that email belongs to an account waiting for verification, a new link is on its way.';
export const INVALID_VERIFICATION_MESSAGE = 'This verification link is invalid, has expired or was already used.';
export const VERIFY_TO_SIGN_IN_MESSAGE = 'Your account is ready. Verify your email address with the link we sent, then sign in.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is verified.';
export const ALREADY_VERIFIED_MESSAGE = 'This email address is already verified. You can sign in.';

/** A verification link for the user, mailed when mail is on; returns the link. */
export async function sendVerification(user: Pick<UserRecord, 'id' | 'email' | 'name'>, deps: LinkFlowDeps): Promise<string> {
  const token = await issueLinkToken(user.id, 'email-verification', VERIFICATION_TOKEN_HOURS * 3_600_000, deps);
  const link = verificationLink(deps.linkBase, user.email, token);
  await deps.sendMail(verificationMail({ to: user.email, name: user.name, appTitle: deps.appTitle, link, hours: VERIFICATION_TOKEN_HOURS }));
  return link;
}

/**
 * Sends a new link to an account still waiting for verification. Unknown and already verified
 * e-mails get the same reply after the same reads and write (a decoy token, nothing mailed).
 * Where links are returned in replies, anyone asking gets a working link for an unverified
 * address, so hiding a verified one protects nothing (decision 0050): it is told it is verified
 * rather than handed a decoy link that could never work (issue 26 §1.5).
 */
export async function resendVerification(email: string, deps: LinkFlowDeps): Promise<ResendVerificationResponse> {
  const userId = await deps.findUserIdByEmail(email);
  const user = await deps.getUser(userId ?? newId());
  if (user?.emailVerified && deps.returnLinks) return { message: ALREADY_VERIFIED_MESSAGE, alreadyVerified: true };
  let link: string;
  if (user && !user.emailVerified) {
    link = await sendVerification(user, deps);
  } else {
    const token = await issueLinkToken(newId(), 'email-verification', VERIFICATION_TOKEN_HOURS * 3_600_000, deps);
    link = verificationLink(deps.linkBase, email, token);
  }
  return { message: VERIFICATION_SENT_MESSAGE, ...linkForReply(user, link, deps) };
}

export interface VerifyDeps {
  findUserIdByEmail: LinkFlowDeps['findUserIdByEmail'];
  consumeToken: LinkFlowDeps['consumeToken'];
  deleteTokens: LinkFlowDeps['deleteTokens'];
  markEmailVerified(userId: string, updatedAt: string): Promise<void>;
  now: Date;
}

/** Marks the address verified with a link's token (single use; the user's other links retire). */
export async function verifyEmail(email: string, token: string, deps: VerifyDeps): Promise<{ message: string }> {
  const userId = await deps.findUserIdByEmail(email);
  // An unknown address spends the same read (under an id no token has), so timing tells nothing.
  const record = await deps.consumeToken(userId ?? newId(), 'email-verification', hashSecret(token), deps.now);
  if (!userId || !record) throw new DomainError('invalid', ERROR_CODES.invalidLinkToken, INVALID_VERIFICATION_MESSAGE, 'token');
  await deps.markEmailVerified(userId, deps.now.toISOString());
  await deps.deleteTokens(userId, 'email-verification');
  return { message: EMAIL_VERIFIED_MESSAGE };
}
