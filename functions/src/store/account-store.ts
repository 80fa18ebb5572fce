import type { BackgroundJob } from '../jobs/job-types.ts';
import { enqueueJobs } from '../jobs/job-queue.ts';
import { bucketObjects, deleteBlobPrefix } from './blobs.ts';
import { deletePartitionPage } from './purge-store.ts';
import { releaseIdentityLinks } from './identity-store.ts';
import { keys } from './keys.ts';
import { deleteAllSessions } from './session-store.ts';
import { deleteAllSharesOfUser } from './share-store.ts';
import { isConditionFailed, table, type Keys } from './table.ts';

/** Storage side of deleting an account (domain/account/delete-account.ts lists what lives where). */

/** The user's own S3 folders: message bodies too large for their item, voice notes' and dictations' recordings and their transcripts. */
export async function deleteUserBlobs(userId: string): Promise<number> {
  const audio = bucketObjects('audio');
  const counts = await Promise.all([
    deleteBlobPrefix(keys.userBlobPrefix(userId)),
    deleteBlobPrefix(keys.userFilesPrefix(userId)),
    deleteBlobPrefix(keys.userUploadsPrefix(userId)),
    deleteBlobPrefix(keys.avatarPrefix(userId)),
    audio.deletePrefix(keys.voiceNotePrefix(userId)),
    audio.deletePrefix(keys.transcriptPrefix(keys.voiceNotePrefix(userId))),
    // Dictations are deleted as they are transcribed; these catch one a crash left behind.
    audio.deletePrefix(keys.dictationPrefix(userId)),
    audio.deletePrefix(keys.transcriptPrefix(keys.dictationPrefix(userId))),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * The last step of a deletion, once the profile is gone, and what a long request runs when it
 * finds the profile gone after its last write: every item left in the partition (sessions
 * included) and every blob of the user's, the same folders the deletion's first pass empties
 * (`deleteUserBlobs`): an agent's reply writes its code runs' output files under files/<userId>/,
 * not only message bodies. A request that saw the profile after writing wrote before this sweep,
 * which finds it; one that wrote after the profile went sees it gone and runs this itself
 * (decision 0011).
 */
export async function sweepLateWrites(userId: string, deleteBlobs: (userId: string) => Promise<number> = deleteUserBlobs): Promise<number> {
  const items = await partitionKeys(userId);
  const [blobs] = await Promise.all([deleteBlobs(userId), table.batchWrite([], items)]);
  return items.length + blobs;
}

/**
 * Run by a long request (a streamed reply) after its last write: reads the profile strongly
 * consistent and, when the account was deleted meanwhile, sweeps what was written under it.
 * True when it swept.
 */
export async function sweepIfAccountDeleted(userId: string, options: { toolFiles: boolean } = { toolFiles: true }): Promise<boolean> {
  if (await table.get(keys.user(userId), true, ['pk'])) return false;
  // Only what a reply can have written: its items, message bodies, and the files its tools made
  // (a chat's; the coach runs no tool). A route may reach no other folder (its declaration); the
  // account's deletion empties the rest.
  await sweepLateWrites(userId, async (id) => {
    const counts = await Promise.all([deleteBlobPrefix(keys.userBlobPrefix(id)), ...(options.toolFiles ? [deleteBlobPrefix(keys.userFilesPrefix(id))] : [])]);
    return counts.reduce((sum, count) => sum + count, 0);
  });
  return true;
}

// Strongly consistent: a sweep must see an item written a moment before it, which an eventually
// consistent query can miss for about a second.
function partitionKeys(userId: string): Promise<Keys[]> {
  return table.queryAll<Keys>({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ProjectionExpression: 'pk, sk',
  });
}

export async function releaseEmailClaim(email: string, userId: string): Promise<void> {
  try {
    await table.delete(keys.emailClaim(email), { ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': userId } });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

export async function deleteUserProfile(userId: string): Promise<void> {
  await table.delete(keys.user(userId));
}

/** Every window of each rate-limit scope and subject given: one keys-only query per partition. */
export async function deleteRateWindows(windows: { scope: string; subject: string }[]): Promise<number> {
  const found = await Promise.all(
    windows.map(({ scope, subject }) =>
      table.queryAll<Keys>({
        ConsistentRead: true,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.rateWindowPartition(scope, subject) },
        ProjectionExpression: 'pk, sk',
      }),
    ),
  );
  const doomed = found.flat();
  await table.batchWrite([], doomed);
  return doomed.length;
}

/** Access codes an admin created keep their history when the admin's account goes, but no longer name them. */
export async function forgetAccessCodeCreator(userId: string): Promise<number> {
  const codes = await table.queryAll<Keys>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :list',
    FilterExpression: 'createdBy = :id',
    ExpressionAttributeValues: { ':list': keys.signupCodeList, ':id': userId },
    ProjectionExpression: 'pk, sk',
  });
  for (const code of codes) {
    await table
      .update({ pk: code.pk, sk: code.sk }, { UpdateExpression: 'REMOVE createdBy', ConditionExpression: 'createdBy = :id', ExpressionAttributeValues: { ':id': userId } })
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  }
  return codes.length;
}

/** What deleting a user needs from storage in the request (domain/account/delete-account.ts), for both routes that do it. */
export const userDeletionStore = {
  deleteAllSessions,
  deleteAllSharesOfUser,
  releaseIdentityLinks,
  releaseEmailClaim,
  deleteUserProfile,
  enqueueJobs: (jobs: BackgroundJob[]) => enqueueJobs(jobs),
};

/** What the worker's purge of a deleted account needs from storage. */
export const accountPurgeStore = { deleteUserBlobs, deletePartitionPage, deleteRateWindows, forgetAccessCodeCreator, releaseEmailClaim };
