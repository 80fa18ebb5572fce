import type { FileRecord } from '@meld/shared';
import { keys } from './keys.ts';
import { isConditionFailed, isExpired, table, ttlFrom, type Keys } from './table.ts';

/**
 * Uploaded files (decision 0018): one item per file in the owner's partition, so another user's
 * id is simply not found, and the user's files are one prefix query. The item keeps the object's
 * key in the files bucket beside the File entity's fields.
 */

export type StoredFile = FileRecord & { objectKey: string };
type FileItem = StoredFile & Keys & { entity: 'file' };

/** A presigned upload between its URL and its confirm. */
export interface PendingUpload {
  fileId: string;
  filename: string;
  bytes: number;
  /** The type the URL was signed with (the browser's claim); the content decides at confirm. */
  claimedType: string;
  endpoint: string;
  imagesOnly: boolean;
  /** Where the presigned PUT lands; the confirm copies it to the file's own key (decision 0018). */
  objectKey: string;
  temp_file_id?: string;
}
type PendingItem = PendingUpload & Keys & { entity: 'pending-upload'; expiresAt: number };

function fromItem(item: FileItem): StoredFile {
  const { pk: _pk, sk: _sk, entity: _entity, ...file } = item;
  return file;
}

/** The File entity as answered: the storage key stays on the server. */
export function publicFile(file: StoredFile): FileRecord {
  const { objectKey: _objectKey, ...record } = file;
  return record;
}

/** Writes a new file; false when the user already has one with that id. */
export async function putFile(file: StoredFile): Promise<boolean> {
  try {
    await table.put({ ...file, ...keys.file(file.user, file.file_id), entity: 'file' }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getFile(userId: string, fileId: string): Promise<StoredFile | undefined> {
  const item = await table.get<FileItem>(keys.file(userId, fileId));
  return item ? fromItem(item) : undefined;
}

/** The user's files among `fileIds` (one BatchGetItem per 100); ids the user has no file for are left out. */
export async function getFiles(userId: string, fileIds: readonly string[]): Promise<StoredFile[]> {
  const items = await table.batchGet<FileItem>([...new Set(fileIds)].map((fileId) => keys.file(userId, fileId)));
  return items.map(fromItem);
}

/** Every file of the user, newest first. */
export async function listFiles(userId: string): Promise<StoredFile[]> {
  const items = await table.queryAll<FileItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.filePrefix },
  });
  return items.map(fromItem).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Deletes the file's item and answers what it held; undefined when there was none. */
export async function deleteFileItem(userId: string, fileId: string): Promise<StoredFile | undefined> {
  const old = await table.delete<FileItem>(keys.file(userId, fileId), { ReturnValues: 'ALL_OLD' });
  return old ? fromItem(old) : undefined;
}

/** Deletes the file's item only while it is still temporary (never attached to a sent message). */
export async function deleteTemporaryFileItem(userId: string, fileId: string): Promise<StoredFile | undefined> {
  try {
    const old = await table.delete<FileItem>(keys.file(userId, fileId), {
      // TEMPORARY is one of DynamoDB's reserved words.
      ConditionExpression: '#temporary = :yes',
      ExpressionAttributeNames: { '#temporary': 'temporary' },
      ExpressionAttributeValues: { ':yes': true },
      ReturnValues: 'ALL_OLD',
    });
    return old ? fromItem(old) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Marks files as attached to a sent message, so a new chat's clearing no longer takes them; for the
 * ask pipeline when it embeds a message's files. Ids the user has no file for are skipped.
 */
export async function markFilesAttached(userId: string, fileIds: readonly string[], at: Date): Promise<void> {
  await Promise.all(
    [...new Set(fileIds)].map(async (fileId) => {
      try {
        await table.update(keys.file(userId, fileId), {
          UpdateExpression: 'SET #temporary = :no, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND #temporary = :yes',
          ExpressionAttributeNames: { '#temporary': 'temporary' },
          ExpressionAttributeValues: { ':no': false, ':yes': true, ':at': at.toISOString() },
        });
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }),
  );
}

export async function putPendingUpload(userId: string, upload: PendingUpload, expires: Date): Promise<void> {
  await table.put({ ...upload, ...keys.pendingUpload(userId, upload.fileId), entity: 'pending-upload', expiresAt: ttlFrom(expires) });
}

/** The pending upload, unless it expired (TTL deletes late, so the read checks). */
export async function getPendingUpload(userId: string, fileId: string, now: Date): Promise<PendingUpload | undefined> {
  const item = await table.get<PendingItem>(keys.pendingUpload(userId, fileId), true);
  if (!item || isExpired(item, now)) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, expiresAt: _expiresAt, ...upload } = item;
  return upload;
}

export async function deletePendingUpload(userId: string, fileId: string): Promise<void> {
  await table.delete(keys.pendingUpload(userId, fileId));
}
