import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { BackgroundJob } from '../../jobs/job-types.ts';
import { deleteAccount, emailMatches, purgeAccount, userRateWindows, type DeleteAccountDeps, type PurgeAccountDeps, type RateWindow } from './delete-account.ts';

function recordingDeps(email = 'Maya@Example.com') {
  const calls: string[] = [];
  const jobs: BackgroundJob[] = [];
  const step = (name: string) => async () => {
    calls.push(name);
    return 0;
  };
  const deps: DeleteAccountDeps = {
    getUser: async () => ({ email }),
    deleteAllSessions: async () => void calls.push('sessions'),
    deleteAllSharesOfUser: step('shares'),
    releaseIdentityLinks: step('links'),
    releaseEmailClaim: async () => void calls.push('claim'),
    deleteUserProfile: async () => void calls.push('profile'),
    enqueueJobs: async (queued) => void (calls.push(...queued.map((job) => job.kind)), jobs.push(...queued)),
  };
  return { calls, jobs, deps };
}

/** The worker's stores over a partition of `items` items, a page of `pageSize` at a time. */
function purgeStores(items: number, pageSize = 10) {
  const calls: string[] = [];
  const windows: RateWindow[] = [];
  let left = items;
  const deps: PurgeAccountDeps = {
    deleteUserBlobs: async () => (calls.push('blobs'), 0),
    deletePartitionPage: async () => {
      const page = Math.min(pageSize, left);
      left -= page;
      calls.push(`page:${page}`);
      return page;
    },
    deleteRateWindows: async (given) => {
      calls.push('windows');
      windows.push(...given);
      return given.length;
    },
    forgetAccessCodeCreator: async () => (calls.push('codes'), 0),
    releaseEmailClaim: async () => void calls.push('claim'),
  };
  return { calls, windows, deps, left: () => left };
}

describe('deleteAccount', () => {
  it('compares the typed e-mail case-insensitively after trimming', () => {
    expect(emailMatches('  maya@EXAMPLE.com ', 'Maya@Example.com')).toBe(true);
    expect(emailMatches('maya@example.co', 'Maya@Example.com')).toBe(false);
  });

  it('ends the sessions first, takes public links down next, frees the sign-in links, queues the purge, then frees the e-mail and removes the profile', async () => {
    const { calls, jobs, deps } = recordingDeps();
    await deleteAccount('u1', 'maya@example.com', deps);
    expect(calls).toEqual(['sessions', 'shares', 'links', 'purgeAccount', 'claim', 'profile']);
    expect(jobs).toEqual([{ kind: 'purgeAccount', userId: 'u1', email: 'Maya@Example.com' }]);
  });

  it("the worker's purge empties the folders, then the partition page by page, then what lives outside it", async () => {
    const { calls, deps, left } = purgeStores(25);
    await expect(purgeAccount({ kind: 'purgeAccount', userId: 'u1', email: 'maya@example.com' }, Date.now() + 60_000, deps)).resolves.toBe('done');
    expect(calls).toEqual(['blobs', 'page:10', 'page:10', 'page:5', 'page:0', 'windows', 'codes', 'claim']);
    expect(left()).toBe(0);
  });

  it("the worker's purge stops at its deadline and, run again, goes on with what is left", async () => {
    const { calls, deps, left } = purgeStores(25);
    const job = { kind: 'purgeAccount', userId: 'u1', email: 'maya@example.com' } as const;
    await expect(purgeAccount(job, Date.now() - 1, deps)).resolves.toBe('more');
    expect(left()).toBe(15);
    expect(calls).not.toContain('windows');
    await expect(purgeAccount(job, Date.now() + 60_000, deps)).resolves.toBe('done');
    expect(left()).toBe(0);
  });

  it('deletes the rate-limit windows counted by the user’s id, their ban count and their address', async () => {
    const { windows, deps } = purgeStores(0);
    await purgeAccount({ kind: 'purgeAccount', userId: 'u1', email: 'Maya@Example.com' }, Date.now() + 60_000, deps);
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
