import { ERROR_CODES, REFRESH_TOKEN_TTL_SECONDS } from '@meld/shared';
import type { SessionProfile, SessionRecord, SessionRotation } from '../../store/session-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { isUserBanned } from '../limits/bans.ts';
import { formatRefreshToken, hashSecret, newId, newRefreshToken, parseRefreshToken, sameHash, signAccessToken } from './tokens.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface SessionStore {
  createSession(session: SessionRecord): Promise<void>;
  /** The profile's password hash and ban as they are now (strongly consistent); undefined once deleted. */
  profileNow(userId: string): Promise<SessionProfile | undefined>;
  getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined>;
  rotateSession(session: SessionRecord, next: SessionRotation): Promise<boolean>;
  addGraceToken(session: SessionRecord, next: Omit<SessionRotation, 'previousTokenHash'>): Promise<boolean>;
  deleteSession(userId: string, sessionId: string): Promise<void>;
}

export interface SessionDeps {
  sessions: SessionStore;
  getUser(userId: string): Promise<UserRecord | undefined>;
  jwtKeys: SigningKeys;
  now: Date;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: UserRecord;
  sessionId: string;
}

/**
 * A presented token that was rotated away within this window is a race, not theft: two tabs
 * refreshing at once, or a page left (a reload, a link) before the answer carrying the new token
 * arrived, so the browser still holds the old one. It is exchanged again instead of refused, which
 * left the member signed out of a session that still stood (decision 0011, "Rotation grace").
 */
const ROTATION_GRACE_MS = 15_000;
/** Two exchanges of one token can run at once (a page left mid-refresh, then its reload): the one that loses the write reads again. */
const ROTATION_ATTEMPTS = 3;

export const SIGN_IN_AGAIN_MESSAGE = 'Your account changed while you were signing in. Please sign in again.';

const expired = () => new DomainError('unauthenticated', ERROR_CODES.invalidRefreshToken, 'Your session has ended. Please sign in again.');

function expiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + REFRESH_TOKEN_TTL_SECONDS;
}

/**
 * Signs a user in: a new refresh-token family and an access token, for `user` as the sign-in read
 * it. A password reset, a ban or the account's deletion that lands while the sign-in runs ends it:
 * the session is written first and the profile then read again, strongly consistent. A change
 * that came before that read is seen there, and the session is taken back; one that came after
 * finds the session in its sweep (issue 21: a login racing a reset kept a session that worked for
 * good with the old password).
 */
export async function startSession(user: UserRecord, deps: Omit<SessionDeps, 'getUser'>): Promise<IssuedSession> {
  const sessionId = newId();
  const refresh = newRefreshToken(user.id, sessionId);
  await deps.sessions.createSession({
    userId: user.id,
    sessionId,
    tokenHash: hashSecret(refresh.secret),
    previousTokenHash: null,
    rotatedAt: null,
    createdAt: deps.now.toISOString(),
    expiresAt: expiry(deps.now),
    role: user.role,
  });
  const profile = await deps.sessions.profileNow(user.id);
  // The role too: a role change sweeps the sessions, and one written after its sweep must not keep the old role.
  if (!profile || (profile.passwordHash ?? null) !== (user.passwordHash ?? null) || isUserBanned(profile, deps.now) || (profile.role !== undefined && profile.role !== user.role)) {
    await deps.sessions.deleteSession(user.id, sessionId);
    throw new DomainError('unauthenticated', ERROR_CODES.invalidCredentials, SIGN_IN_AGAIN_MESSAGE);
  }
  const accessToken = await signAccessToken({ userId: user.id, role: user.role, sessionId }, deps.jwtKeys, deps.now);
  return { accessToken, refreshToken: formatRefreshToken(refresh), user, sessionId };
}

/**
 * Swaps a refresh token for a new one. A token that was already swapped is a replay: within the
 * grace window it is swapped again; outside it the whole session is revoked, since one of its
 * holders is not the user.
 */
export async function refreshSession(raw: string | undefined, deps: SessionDeps): Promise<IssuedSession> {
  const presented = parseRefreshToken(raw);
  if (!presented) throw expired();
  const presentedHash = hashSecret(presented.secret);
  for (let attempt = 0; attempt < ROTATION_ATTEMPTS; attempt++) {
    const session = await deps.sessions.getSession(presented.userId, presented.sessionId);
    if (!session) throw expired();
    const swap = swapFor(session, presentedHash, deps.now);
    if (!swap) {
      await deps.sessions.deleteSession(session.userId, session.sessionId);
      throw expired();
    }
    const user = await deps.getUser(session.userId);
    if (!user) {
      await deps.sessions.deleteSession(session.userId, session.sessionId);
      throw expired();
    }
    const next = newRefreshToken(user.id, session.sessionId);
    const written = { tokenHash: hashSecret(next.secret), rotatedAt: deps.now.toISOString(), expiresAt: expiry(deps.now) };
    const saved = swap === 'grace' ? await deps.sessions.addGraceToken(session, written) : await deps.sessions.rotateSession(session, { ...written, previousTokenHash: presentedHash });
    // Lost to another exchange of the same session meanwhile: read it again and decide afresh.
    if (!saved) continue;
    const accessToken = await signAccessToken({ userId: user.id, role: user.role, sessionId: session.sessionId }, deps.jwtKeys, deps.now);
    return { accessToken, refreshToken: formatRefreshToken(next), user, sessionId: session.sessionId };
  }
  throw expired();
}

/**
 * How a presented token is exchanged, or null for a replay that ends the session.
 * - A live token (the current one, or one living beside it in graceTokenHashes) makes a normal
 *   swap: the new token is the only live one, and the presented one becomes the previous.
 * - The previous token within the grace window makes a grace swap: the new token lives beside the
 *   current one, which stays live. The browser holds the previous token because an answer was
 *   lost (a page left mid-refresh, a chain of quick reloads), and whichever answer it keeps next,
 *   the current token's or this one's, works whenever it is used; using either ends the others.
 */
function swapFor(session: SessionRecord, presentedHash: string, now: Date): 'normal' | 'grace' | null {
  if ([session.tokenHash, ...(session.graceTokenHashes ?? [])].some((hash) => sameHash(presentedHash, hash))) return 'normal';
  const withinGrace = session.rotatedAt !== null && now.getTime() - Date.parse(session.rotatedAt) < ROTATION_GRACE_MS;
  return withinGrace && session.previousTokenHash !== null && sameHash(presentedHash, session.previousTokenHash) ? 'grace' : null;
}

/** Ends the session a refresh token belongs to; unknown or malformed tokens are a no-op. */
export async function endSession(raw: string | undefined, sessions: Pick<SessionStore, 'getSession' | 'deleteSession'>): Promise<void> {
  const presented = parseRefreshToken(raw);
  if (!presented) return;
  const session = await sessions.getSession(presented.userId, presented.sessionId);
  if (session && sameHash(hashSecret(presented.secret), session.tokenHash)) {
    await sessions.deleteSession(session.userId, session.sessionId);
  }
}
