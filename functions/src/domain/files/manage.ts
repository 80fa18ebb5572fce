import { ERROR_CODES } from '@meld/shared';
import type { StoredFile } from '../../store/file-store.ts';
import { DomainError } from '../errors.ts';
import { safeObjectName, type FileDeps } from './files.ts';

/** Listing, deleting and downloading a user's files; another user's file is simply not found. */

/** How long a download link lives: long enough to start a large download, short enough not to be shared. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

const notFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'File not found.');

/**
 * The objects a file leaves in the bucket: its own, and the key a presigned upload of it PUT to,
 * which its still-valid URL may have written again after the confirm.
 */
const storedKeys = (files: readonly StoredFile[], deps: Pick<FileDeps, 'uploadKey'>) =>
  files.flatMap((file) => [file.objectKey, deps.uploadKey(file.user, file.file_id, safeObjectName(file.filename))]);

/**
 * Deletes the user's files: when any id is not one of theirs nothing is deleted (404). Each item
 * goes before its object, so a file is never listed without its bytes.
 */
export async function deleteFiles(userId: string, fileIds: readonly string[], deps: Pick<FileDeps, 'store' | 'objects' | 'uploadKey'>): Promise<string[]> {
  const ids = [...new Set(fileIds)];
  const found = await deps.store.getFiles(userId, ids);
  if (found.length !== ids.length) throw notFound();
  const deleted = (await Promise.all(ids.map((id) => deps.store.deleteFileItem(userId, id)))).filter((file): file is StoredFile => file !== undefined);
  await deps.objects.delete(storedKeys(deleted, deps));
  return deleted.map((file) => file.file_id);
}

/** A new chat's clearing: deletes those of the files that are still temporary; others are left alone. */
export async function deleteTemporaryFiles(userId: string, fileIds: readonly string[], deps: Pick<FileDeps, 'store' | 'objects' | 'uploadKey'>): Promise<string[]> {
  const deleted = (await Promise.all([...new Set(fileIds)].map((id) => deps.store.deleteTemporaryFileItem(userId, id)))).filter(
    (file): file is StoredFile => file !== undefined,
  );
  await deps.objects.delete(storedKeys(deleted, deps));
  return deleted.map((file) => file.file_id);
}

/** A short-lived link to the file's bytes, saved under its own name; the path's user must be the caller. */
export async function downloadUrl(userId: string, pathUserId: string, fileId: string, deps: Pick<FileDeps, 'store' | 'objects'>): Promise<string> {
  if (pathUserId !== userId) throw notFound();
  const file = await deps.store.getFile(userId, fileId);
  if (!file) throw notFound();
  return deps.objects.presign('GET', file.objectKey, {
    expiresSeconds: DOWNLOAD_URL_SECONDS,
    query: { 'response-content-disposition': contentDisposition(file.filename), 'response-content-type': file.type },
  });
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
