import { bucketObjects, deleteBlobPrefix } from './blobs.ts';
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

/** Walks the partition (keys only, every page) and deletes all but the profile, 25 per batch. */
export async function deleteUserItemsExceptProfile(userId: string): Promise<number> {
  const profile = keys.user(userId);
  const items = await table.queryAll<Keys>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ProjectionExpression: 'pk, sk',
  });
  const doomed = items.filter((item) => item.sk !== profile.sk);
  await table.batchWrite([], doomed);
  return doomed.length;
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

/** What deleting a user needs from storage (domain/account/delete-account.ts), for both routes that do it. */
export const userDeletionStore = {
  deleteAllSessions,
  deleteAllSharesOfUser,
  deleteUserBlobs,
  releaseIdentityLinks,
  deleteUserItemsExceptProfile,
  deleteRateWindows,
  forgetAccessCodeCreator,
  releaseEmailClaim,
  deleteUserProfile,
};
