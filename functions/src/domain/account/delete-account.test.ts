import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { deleteAccount, emailMatches, userRateWindows, type DeleteAccountDeps, type RateWindow } from './delete-account.ts';

function recordingDeps(email = 'Maya@Example.com') {
  const calls: string[] = [];
  const windows: RateWindow[] = [];
  const step = (name: string) => async () => {
    calls.push(name);
    return 0;
  };
  const deps: DeleteAccountDeps = {
    getUser: async () => ({ email }),
    deleteAllSessions: async () => void calls.push('sessions'),
    deleteAllSharesOfUser: step('shares'),
    deleteUserBlobs: step('blobs'),
    releaseIdentityLinks: step('links'),
    deleteUserItemsExceptProfile: step('items'),
    deleteRateWindows: async (given) => {
      calls.push('windows');
      windows.push(...given);
      return given.length;
    },
    forgetAccessCodeCreator: step('codes'),
    releaseEmailClaim: async () => void calls.push('claim'),
    deleteUserProfile: async () => void calls.push('profile'),
    sweepLateWrites: step('sweep'),
  };
  return { calls, windows, deps };
}

describe('deleteAccount', () => {
  it('compares the typed e-mail case-insensitively after trimming', () => {
    expect(emailMatches('  maya@EXAMPLE.com ', 'Maya@Example.com')).toBe(true);
    expect(emailMatches('maya@example.co', 'Maya@Example.com')).toBe(false);
  });

  it('ends the sessions first, takes public links down next, the profile near the end (a failure before it can be retried), then sweeps what running requests wrote meanwhile', async () => {
    const { calls, deps } = recordingDeps();
    await deleteAccount('u1', 'maya@example.com', deps);
    expect(calls).toEqual(['sessions', 'shares', 'blobs', 'links', 'items', 'windows', 'codes', 'claim', 'profile', 'sweep']);
  });

  it('deletes the rate-limit windows counted by the user’s id, their ban count and their address', async () => {
    const { windows, deps } = recordingDeps();
    await deleteAccount('u1', 'maya@example.com', deps);
    expect(windows).toEqual(userRateWindows('u1', 'Maya@Example.com'));
    expect(windows).toContainEqual({ scope: 'messages', subject: 'u1' });
    expect(windows).toContainEqual({ scope: 'violations', subject: 'user#u1' });
    expect(windows).toContainEqual({ scope: 'loginPerEmail', subject: 'email#maya@example.com' });
    expect(windows).toContainEqual({ scope: 'passwordResetPerEmail', subject: 'email#maya@example.com' });
    expect(windows).toContainEqual({ scope: 'verifyEmailPerEmail', subject: 'email#maya@example.com' });
  });

  it('deletes nothing when the e-mail does not match', async () => {
    const { calls, deps } = recordingDeps();
    const failure = await deleteAccount('u1', 'other@example.com', deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ kind: 'invalid', field: 'email' });
    expect(calls).toEqual([]);
  });
});
