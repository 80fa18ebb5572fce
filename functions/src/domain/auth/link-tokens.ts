import { randomBytes } from 'node:crypto';
import type { OneTimeTokenKind, OneTimeTokenRecord } from '../../store/one-time-token-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import { hashSecret } from './tokens.ts';

/** Collaborators of the link flows (password reset, e-mail verification); storage and mail come in from the route. */
export interface LinkFlowDeps {
  findUserIdByEmail(email: string): Promise<string | undefined>;
  getUser(userId: string): Promise<UserRecord | undefined>;
  putToken(record: OneTimeTokenRecord): Promise<void>;
  consumeToken(userId: string, kind: OneTimeTokenKind, tokenHash: string, now: Date): Promise<OneTimeTokenRecord | undefined>;
  deleteTokens(userId: string, kind: OneTimeTokenKind): Promise<void>;
  sendMail: SendMail;
  appTitle: string;
  /** Scheme and host the links point to. */
  linkBase: string;
  /** Put the link in the reply (a deployment without mail, decision 0009). */
  returnLinks: boolean;
  now: Date;
}

/** 32 random bytes for the link; only the SHA-256 is stored. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecret(token) };
}

/** Writes a fresh token for the user (real or decoy) and returns the secret for the link. */
export async function issueLinkToken(userId: string, kind: OneTimeTokenKind, lifetimeMs: number, deps: Pick<LinkFlowDeps, 'putToken' | 'now'>): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await deps.putToken({
    userId,
    kind,
    tokenHash,
    createdAt: deps.now.toISOString(),
    expiresAt: Math.floor((deps.now.getTime() + lifetimeMs) / 1000),
  });
  return token;
}

/**
 * What a reply carries when links are returned (one machine only, decision 0009): the link, but for
 * an admin account a decoy of the same shape (a token that was never stored), so no reply hands
 * over the admin panel nor tells who is an admin. The admin's real link goes only by mail.
 */
export function linkForReply(user: Pick<UserRecord, 'role'> | undefined, link: string, deps: Pick<LinkFlowDeps, 'returnLinks'>): { link?: string } {
  if (!deps.returnLinks) return {};
  if (user?.role !== 'ADMIN') return { link };
  const decoy = new URL(link);
  decoy.searchParams.set('token', newLinkToken().token);
  return { link: decoy.toString() };
}
