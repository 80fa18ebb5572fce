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
