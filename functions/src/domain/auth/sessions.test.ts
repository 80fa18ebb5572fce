import { describe, expect, it } from 'vitest';
import type { SessionProfile, SessionRecord } from '../../store/session-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { DomainError } from '../errors.ts';
import { endSession, refreshSession, startSession, type SessionStore } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';
import { signingKeysFrom } from './signing-keys.ts';

const jwtKeys = signingKeysFrom('k'.repeat(64));

function memorySessions(): SessionStore & { all: Map<string, SessionRecord>; profiles: Map<string, SessionProfile> } {
  const all = new Map<string, SessionRecord>();
  const profiles = new Map<string, SessionProfile>([['user-0001', { passwordHash: '$2b$hash-one' }]]);
  const id = (userId: string, sessionId: string) => `${userId}/${sessionId}`;
  return {
    all,
    profiles,
    createSession: async (session) => void all.set(id(session.userId, session.sessionId), { ...session }),
    profileNow: async (userId) => profiles.get(userId),
    getSession: async (userId, sessionId) => all.get(id(userId, sessionId)),
    rotateSession: async (session, next) => {
      const current = all.get(id(session.userId, session.sessionId));
      if (!current || current.tokenHash !== session.tokenHash) return false;
      all.set(id(session.userId, session.sessionId), { ...current, ...next, graceTokenHashes: [] });
      return true;
    },
    // As the store's conditional update does: only while the current token is unchanged, appended.
    addGraceToken: async (session, next) => {
      const current = all.get(id(session.userId, session.sessionId));
      if (!current || current.tokenHash !== session.tokenHash || (current.graceTokenHashes?.length ?? 0) >= 4) return false;
      all.set(id(session.userId, session.sessionId), { ...current, rotatedAt: next.rotatedAt, expiresAt: next.expiresAt, graceTokenHashes: [...(current.graceTokenHashes ?? []), next.tokenHash] });
      return true;
    },
    deleteSession: async (userId, sessionId) => void all.delete(id(userId, sessionId)),
  };
}

const user = { id: 'user-0001', role: 'USER', name: 'Ada', passwordHash: '$2b$hash-one' } as UserRecord;

function setup() {
  const sessions = memorySessions();
  const deps = (now: Date) => ({ sessions, getUser: async (id: string) => (id === user.id ? user : undefined), jwtKeys, now });
  return { sessions, deps };
}

describe('sessions', () => {
  it('issues an access token that names the user, role and session', async () => {
    const { deps } = setup();
    const issued = await startSession(user, deps(new Date()));
    const claims = await verifyAccessToken(issued.accessToken, jwtKeys);
    expect(claims).toMatchObject({ userId: user.id, role: 'USER' });
  });

  it('takes the session back when the password or the role changed, a ban began or the account went while the sign-in ran', async () => {
    // Issue 21: a login that checked the old password as its owner reset it kept a working session.
    const changes: (SessionProfile | undefined)[] = [{ passwordHash: '$2b$hash-two' }, { passwordHash: '$2b$hash-one', bannedUntil: Date.now() + 60_000 }, { passwordHash: '$2b$hash-one', role: 'ADMIN' }, undefined];
    for (const change of changes) {
      const { deps, sessions } = setup();
      if (change) sessions.profiles.set(user.id, change);
      else sessions.profiles.delete(user.id);
      await expect(startSession(user, deps(new Date()))).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(sessions.all.size).toBe(0);
    }
  });

  it('rotates the refresh token on every use', async () => {
    const { deps } = setup();
    const first = await startSession(user, deps(new Date()));
    const second = await refreshSession(first.refreshToken, deps(new Date()));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(refreshSession(second.refreshToken, deps(new Date()))).resolves.toMatchObject({ user });
  });

  it('rejects a reused old token and revokes the session once the grace window has passed', async () => {
    const { deps, sessions } = setup();
    const start = new Date('2026-01-01T00:00:00Z');
    const first = await startSession(user, deps(start));
    const second = await refreshSession(first.refreshToken, deps(start));
    const later = new Date(start.getTime() + 60_000);
    await expect(refreshSession(first.refreshToken, deps(later))).rejects.toBeInstanceOf(DomainError);
    expect(sessions.all.size).toBe(0);
    await expect(refreshSession(second.refreshToken, deps(later))).rejects.toThrow(/session has ended/);
  });

  it('exchanges a token rotated away moments ago again, however many answers were lost in a row', async () => {
    const { deps, sessions } = setup();
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await startSession(user, deps(now));
    // Each answer never reached the browser (the member reloaded, then left again): it presents `first` each time.
    await refreshSession(first.refreshToken, deps(now));
    await refreshSession(first.refreshToken, deps(new Date(now.getTime() + 5_000)));
    const kept = await refreshSession(first.refreshToken, deps(new Date(now.getTime() + 10_000)));
    expect(kept.user).toBe(user);
    // The answer that did arrive carries a token that works, and from then on the old one is a replay.
    const next = await refreshSession(kept.refreshToken, deps(new Date(now.getTime() + 11_000)));
    expect(next.sessionId).toBe(kept.sessionId);
    await refreshSession(next.refreshToken, deps(new Date(now.getTime() + 12_000)));
    await expect(refreshSession(first.refreshToken, deps(new Date(now.getTime() + 13_000)))).rejects.toThrow(/session has ended/);
    expect(sessions.all.size).toBe(0);
  });

  it('answers two exchanges of one token at once with two tokens that both keep working, whichever the browser keeps (a page left mid-refresh, then its reload)', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (const kept of [0, 1]) {
      const { deps } = setup();
      const first = await startSession(user, deps(now));
      // Both read the session before either writes: the one that loses the write reads it again.
      const answers = await Promise.all([refreshSession(first.refreshToken, deps(now)), refreshSession(first.refreshToken, deps(now))]);
      expect(answers[0].refreshToken).not.toBe(answers[1].refreshToken);
      // The page that stayed open holds one of them and uses it much later (its access token ran out).
      const later = deps(new Date(now.getTime() + 20 * 60_000));
      const next = await refreshSession(answers[kept]!.refreshToken, later);
      expect(next.user).toBe(user);
      // Using one ends the other: it is a replay from then on.
      await expect(refreshSession(answers[1 - kept]!.refreshToken, later)).rejects.toThrow(/session has ended/);
    }
  });

  it('keeps a replayed previous token from minting more than four live tokens', async () => {
    const { deps } = setup();
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await startSession(user, deps(now));
    await refreshSession(first.refreshToken, deps(now));
    for (let i = 0; i < 4; i++) await refreshSession(first.refreshToken, deps(now));
    await expect(refreshSession(first.refreshToken, deps(now))).rejects.toBeInstanceOf(DomainError);
  });

  it('still ends the session when a token older than the last rotation comes back, even within the window', async () => {
    const { deps, sessions } = setup();
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await startSession(user, deps(now));
    const second = await refreshSession(first.refreshToken, deps(now));
    await refreshSession(second.refreshToken, deps(now));
    await expect(refreshSession(first.refreshToken, deps(now))).rejects.toThrow(/session has ended/);
    expect(sessions.all.size).toBe(0);
  });

  it('rejects malformed, unknown and forged tokens', async () => {
    const { deps } = setup();
    const issued = await startSession(user, deps(new Date()));
    const [userId, sessionId] = issued.refreshToken.split('.');
    for (const raw of [undefined, '', 'garbage', `${userId}.${sessionId}.${'x'.repeat(43)}`, `${userId}.unknown-session.${'y'.repeat(43)}`]) {
      await expect(refreshSession(raw, deps(new Date()))).rejects.toBeInstanceOf(DomainError);
    }
  });

  it('ends the session on sign-out so its refresh token stops working', async () => {
    const { deps, sessions } = setup();
    const issued = await startSession(user, deps(new Date()));
    await endSession(issued.refreshToken, sessions);
    await expect(refreshSession(issued.refreshToken, deps(new Date()))).rejects.toBeInstanceOf(DomainError);
  });
});
