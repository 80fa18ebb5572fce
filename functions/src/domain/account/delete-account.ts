import { ERROR_CODES, type AppConfig } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { emailKey } from '../../store/keys.ts';
import type { BackgroundJob, JobStep } from '../../jobs/job-types.ts';

/**
 * Everything a user owns. Most of it sits in the partition USER#<id> (profile, settings,
 * sessions, conversations, messages, coach threads, tags, presets, keys, share records,
 * interactions, wins, fragments, woven reflections, North-Star versions, feed card states,
 * two-factor, violations), which one partition walk removes; the index keys on those items
 * (CONVOS#, SHARES#, FRAGMENTS#...) go with them. What lives elsewhere is listed here, in the one
 * place that must grow when a new kind of item is stored outside the partition:
 * - the e-mail claim EMAIL#<email>, which keeps the address unique;
 * - the social sign-in links IDENTITY#<provider>#<subject> (decision 0010), found through their
 *   references in the partition;
 * - the public snapshots SHARE#<shareId> of the user's links, and their S3 copies shares/<shareId>.json;
 * - S3 objects under the user's own prefixes (message bodies over 300 KB at messages/<userId>/,
 *   voice notes' recordings at voice-notes/<userId>/ in the audio bucket);
 * - the rate-limit windows RATE#<scope>#<subject> counted against the user (`userRateWindows`);
 * - the `createdBy` of the pilot access codes an admin created (the codes themselves stay).
 */
/** What a deletion does inside the request: whatever makes the account gone for everyone at once. */
export interface DeleteUserDeps {
  /** Ends every session at once: from then on none of the account's access tokens is accepted. */
  deleteAllSessions(userId: string): Promise<void>;
  /** Public snapshots, their S3 copies, and the user's link records. */
  deleteAllSharesOfUser(userId: string): Promise<number>;
  /** Social sign-in links to this user; before the partition is purged, which removes their references. */
  releaseIdentityLinks(userId: string): Promise<number>;
  /** Releases the e-mail only if it still points at this user. */
  releaseEmailClaim(email: string, userId: string): Promise<void>;
  deleteUserProfile(userId: string): Promise<void>;
  enqueueJobs(jobs: BackgroundJob[]): Promise<void>;
}

/** The worker's half (decision 0034): the account's items and files, however many. */
export interface PurgeAccountDeps {
  deleteUserBlobs(userId: string): Promise<number>;
  /** One page of the partition; 0 once it is empty. */
  deletePartitionPage(userId: string): Promise<number>;
  /** Every window of each scope and subject given (one query per partition). */
  deleteRateWindows(windows: RateWindow[]): Promise<number>;
  /** Access codes the user created as an admin stop naming them. */
  forgetAccessCodeCreator(userId: string): Promise<number>;
  releaseEmailClaim(email: string, userId: string): Promise<void>;
}

export interface DeleteAccountDeps extends DeleteUserDeps {
  getUser(userId: string): Promise<{ email: string } | undefined>;
}

export interface RateWindow {
  scope: string;
  subject: string;
}

type RateLimitName = keyof AppConfig['rateLimits'];
/** Limits the routes count per user id (`enforceRateLimit(config, name, userId)` and the chat's per-user count). */
const SCOPES_BY_USER_ID = ['messages', 'import', 'reflection', 'northStar', 'voiceNotes', 'twoFactor', 'fileUploads', 'tts', 'stt'] as const satisfies readonly RateLimitName[];
/** Limits counted per e-mail address, as `email#<emailKey(address)>`. */
const SCOPES_BY_EMAIL = ['loginPerEmail', 'passwordResetPerEmail', 'verifyEmailPerEmail'] as const satisfies readonly RateLimitName[];

/** The rate-limit windows that name the user: their id, their address, and the ban's violation count (`user#<id>`). */
export function userRateWindows(userId: string, email: string): RateWindow[] {
  const address = `email#${emailKey(email)}`;
  return [
    ...SCOPES_BY_USER_ID.map((scope) => ({ scope, subject: userId })),
    { scope: 'violations', subject: `user#${userId}` },
    ...SCOPES_BY_EMAIL.map((scope) => ({ scope, subject: address })),
  ];
}

export function emailMatches(typed: string, email: string): boolean {
  return emailKey(typed) === emailKey(email);
}

/**
 * Deletes a user and everything they own, whoever asked (the user, or an admin). Inside the
 * request, what makes the account gone: its sessions end first, so no access token of the account
 * starts anything once deletion has started (decision 0011, "Sessions"); then public links, so
 * nothing stays readable; then its sign-in links; then the purge of everything else is queued,
 * before the e-mail and the profile go, so a request that fails before the queue leaves an account
 * its owner can sign in to and delete again, and one that fails after it leaves the worker to
 * finish, e-mail claim included (decision 0034). A long request that writes after the purge finds the
 * profile gone and sweeps its writes itself (`sweepIfAccountDeleted`).
 */
export async function deleteUserAndData(user: { id: string; email: string }, deps: DeleteUserDeps): Promise<void> {
  await deps.deleteAllSessions(user.id);
  await deps.deleteAllSharesOfUser(user.id);
  await deps.releaseIdentityLinks(user.id);
  await deps.enqueueJobs([{ kind: 'purgeAccount', userId: user.id, email: user.email }]);
  await deps.releaseEmailClaim(user.email, user.id);
  await deps.deleteUserProfile(user.id);
}

/**
 * The worker's purge of a deleted account: its S3 folders, then its partition a page at a time
 * (the profile too, should the request have stopped before it), then what lives outside it. Every
 * step finds what is left, so a step cut at `deadline` and run again repeats nothing.
 */
export async function purgeAccount(job: Extract<BackgroundJob, { kind: 'purgeAccount' }>, deadline: number, deps: PurgeAccountDeps): Promise<JobStep> {
  await deps.deleteUserBlobs(job.userId);
  while ((await deps.deletePartitionPage(job.userId)) > 0) if (Date.now() >= deadline) return 'more';
  await deps.deleteRateWindows(userRateWindows(job.userId, job.email));
  await deps.forgetAccessCodeCreator(job.userId);
  await deps.releaseEmailClaim(job.email, job.userId);
  return 'done';
}

/** Deletes the account after the user typed their own e-mail. */
export async function deleteAccount(userId: string, typedEmail: string, deps: DeleteAccountDeps): Promise<void> {
  const user = await deps.getUser(userId);
  if (!user) throw new DomainError('unauthenticated', ERROR_CODES.unauthorized, 'Your account no longer exists.');
  if (!emailMatches(typedEmail, user.email)) {
    throw new DomainError('invalid', ERROR_CODES.validation, 'Type the e-mail address of your account to delete it.', 'email');
  }
  await deleteUserAndData({ id: userId, email: user.email }, deps);
}
