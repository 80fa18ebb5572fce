import { ERROR_CODES, type NeutralLinkResponse } from '@meld/shared';
import { passwordResetLink } from '../../mail/links.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { DomainError } from '../errors.ts';
import { issueLinkToken, linkForReply, type LinkFlowDeps } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';
import { hashSecret, newId } from './tokens.ts';

export const RESET_TOKEN_MINUTES = 30;
export const RESET_REQUESTED_MESSAGE = 'If an account with that email exists, a link to reset its password is on its way.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid, has expired or was already used.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Sign in with the new one.';

/**
 * Starts a reset. Every e-mail gets the same reply after the same reads and write: an unknown
 * one gets a decoy token under a random id (it expires like any other). Only a real account is
 * mailed. Where links are returned (one machine, no mail: decision 0009) an unknown e-mail gets no
 * link, so nobody is led through choosing a password for an account that does not exist; that mode
 * hands a member's link to whoever asks, so it has no account names to hide. An admin's reply still
 * carries a decoy of the same shape as a member's.
 */
export async function requestPasswordReset(email: string, deps: LinkFlowDeps): Promise<NeutralLinkResponse> {
  const userId = await deps.findUserIdByEmail(email);
  const user = await deps.getUser(userId ?? newId());
  const owner = user?.id ?? newId();
  const token = await issueLinkToken(owner, 'password-reset', RESET_TOKEN_MINUTES * 60_000, deps);
  const link = passwordResetLink(deps.linkBase, owner, token);
  if (user) await deps.sendMail(passwordResetMail({ to: user.email, name: user.name, appTitle: deps.appTitle, link, minutes: RESET_TOKEN_MINUTES }));
  if (!deps.returnLinks) return { message: RESET_REQUESTED_MESSAGE };
  return { message: RESET_REQUESTED_MESSAGE, linksReturned: true, ...(user ? linkForReply(user, link, deps) : {}) };
}

export interface ResetDeps {
  consumeToken: LinkFlowDeps['consumeToken'];
  deleteTokens: LinkFlowDeps['deleteTokens'];
  updatePassword(userId: string, passwordHash: string, updatedAt: string): Promise<void>;
  /** Thrown by updatePassword when the account is gone. */
  isMissingUser(error: unknown): boolean;
  deleteAllSessions(userId: string): Promise<void>;
  /** Unlinks every social identity from the account. */
  unlinkIdentities(userId: string): Promise<void>;
  /** Forgets the tokens of the provider accounts behind the member's agent actions. */
  forgetActionTokens(userId: string): Promise<void>;
  now: Date;
}

/**
 * Sets the new password with a link's token. The token is used up first (claim-first: a second
 * use with the same link fails even if this request dies later), then the password changes and
 * every session and other reset link of the user ends.
 */
export async function resetPassword(input: { userId: string; token: string; password: string }, deps: ResetDeps): Promise<{ message: string }> {
  const record = await deps.consumeToken(input.userId, 'password-reset', hashSecret(input.token), deps.now);
  const invalid = new DomainError('invalid', ERROR_CODES.invalidLinkToken, INVALID_RESET_TOKEN_MESSAGE, 'token');
  if (!record) throw invalid;
  try {
    await deps.updatePassword(input.userId, await hashPassword(input.password), deps.now.toISOString());
  } catch (error) {
    if (deps.isMissingUser(error)) throw invalid;
    throw error;
  }
  await deps.deleteAllSessions(input.userId);
  // A provider someone linked while they held a session would outlive the reset as their way back
  // in (issue 21, second audit). The owner's own provider, with the account's verified address,
  // links again at its next sign-in; one with another address is linked again from Settings.
  await deps.unlinkIdentities(input.userId);
  // Likewise a provider account connected to the member's agent tools: they sign in to it again.
  await deps.forgetActionTokens(input.userId);
  await deps.deleteTokens(input.userId, 'password-reset');
  return { message: PASSWORD_RESET_MESSAGE };
}
