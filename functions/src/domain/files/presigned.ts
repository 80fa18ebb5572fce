import { DEFAULT_FILE_ENDPOINT, ERROR_CODES, FILE_TYPE_EXTENSIONS, type EndpointFileConfig } from '@meld/shared';
import type { StoredFile } from '../../store/file-store.ts';
import { DomainError } from '../errors.ts';
import { checkBatch, checkType, FileLimitError } from './file-rules.ts';
import { sniffFileType, SNIFF_BYTES } from './file-types.ts';
import { displayName, newFileRecord, safeObjectName, type FileDeps } from './files.ts';
import { imageSize } from './image-size.ts';
import { refusing } from './upload.ts';

/**
 * Large files go from the browser straight to S3 (decision 0018): the server checks the name, the
 * claimed type and the declared size, and signs a PUT of exactly that many bytes to an upload key.
 * The URL stays valid after the confirm and can overwrite what it names, so the confirm copies the
 * object to a key of its own, which no URL can write, and checks and serves that copy: what was
 * checked is what is served.
 */

/** How long the browser has to start its PUT. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** How long an unconfirmed upload may wait for its confirm (a large PUT takes a while). */
const PENDING_MS = 6 * 60 * 60 * 1000;

export interface CreateUploadRequest {
  filename: string;
  type: string;
  bytes: number;
  endpoint?: string | undefined;
  temp_file_id?: string | undefined;
  image: boolean;
}

export async function createUpload(userId: string, request: CreateUploadRequest, deps: FileDeps) {
  const endpoint = request.endpoint || DEFAULT_FILE_ENDPOINT;
  const rules = deps.rules(endpoint);
  const filename = displayName(request.filename);
  const claimedType = await refusing(deps, { endpoint, files: 1, presigned: true }, () => {
    checkBatch(rules, [{ filename, bytes: request.bytes }]);
    return claimedAllowedType(rules, filename, request.type, request.image);
  });
  const fileId = deps.newId();
  const objectKey = deps.uploadKey(userId, fileId, safeObjectName(filename));
  await deps.store.putPendingUpload(
    userId,
    { fileId, filename, bytes: request.bytes, claimedType, endpoint, imagesOnly: request.image, objectKey, ...(request.temp_file_id ? { temp_file_id: request.temp_file_id } : {}) },
    new Date(deps.now.getTime() + PENDING_MS),
  );
  // content-length is signed too (the browser sets it from the body), so S3 takes exactly the declared size.
  const headers = { 'content-type': claimedType };
  const url = await deps.objects.presign('PUT', objectKey, { expiresSeconds: UPLOAD_URL_SECONDS, headers: { ...headers, 'content-length': String(request.bytes) } });
  return { file_id: fileId, url, method: 'PUT' as const, headers, expiresAt: new Date(deps.now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

/**
 * The type the URL is signed with: the browser's label when the name agrees, else the name's.
 * Names and labels are claims; this only refuses early what the confirm would refuse anyway.
 */
function claimedAllowedType(rules: EndpointFileConfig, filename: string, label: string, imagesOnly: boolean): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const byName = Object.entries(FILE_TYPE_EXTENSIONS).find(([, extensions]) => (extensions as readonly string[]).includes(extension))?.[0];
  const cleanLabel = label.split(';')[0]!.trim().toLowerCase();
  const claimed = cleanLabel && cleanLabel === byName ? cleanLabel : byName;
  if (!claimed) throw new FileLimitError(`${filename} does not have the name of a supported file type.`, 'type');
  return checkType(rules, filename, { kind: 'type', type: claimed }, imagesOnly);
}

/**
 * Copies the object a presigned PUT stored to the file's own key and checks the copy: its real
 * size and content. A refused upload is deleted, both copies.
 */
export async function confirmUpload(userId: string, fileId: string, deps: FileDeps): Promise<StoredFile> {
  const existing = await deps.store.getFile(userId, fileId);
  if (existing) return existing;
  const pending = await deps.store.getPendingUpload(userId, fileId, deps.now);
  if (!pending) throw new DomainError('not-found', ERROR_CODES.notFound, 'No upload is waiting with this id.');
  // A fresh key per confirm: two confirms racing never write one object, so the record that wins
  // names the copy that its own confirm checked.
  const objectKey = deps.objectKey(userId, deps.newId(), safeObjectName(pending.filename));
  const head = (await deps.objects.copy(pending.objectKey, objectKey)) ? await deps.objects.readHead(objectKey, SNIFF_BYTES) : null;
  if (!head) {
    // A racing confirm may have taken the upload since.
    const confirmed = await deps.store.getFile(userId, fileId);
    if (confirmed) return confirmed;
    throw new DomainError('conflict', ERROR_CODES.conflict, 'The file has not arrived in storage yet: upload it to the URL first.');
  }

  const rules: EndpointFileConfig = deps.rules(pending.endpoint);
  const refuse = async () => {
    await deps.objects.delete([pending.objectKey, objectKey]);
    await deps.store.deletePendingUpload(userId, fileId);
  };
  let type: string;
  try {
    type = await refusing(deps, { endpoint: pending.endpoint, files: 1, presigned: true }, () => {
      checkBatch(rules, [{ filename: pending.filename, bytes: head.size }]);
      // S3 holds a presigned PUT to its signed content-length; this is the check where nothing does.
      if (head.size !== pending.bytes) throw new FileLimitError(`${pending.filename} is ${head.size} bytes, not the ${pending.bytes} announced.`, 'fileSizeLimit');
      const sniffed = sniffFileType(head.bytes, { filename: pending.filename, mimeType: pending.claimedType }, head.size <= SNIFF_BYTES);
      return checkType(rules, pending.filename, sniffed, pending.imagesOnly);
    });
  } catch (error) {
    await refuse();
    throw error;
  }
  const record = newFileRecord(
    userId,
    fileId,
    { filename: pending.filename, bytes: head.size, type, endpoint: pending.endpoint, objectKey, size: imageSize(type, head.bytes), tempFileId: pending.temp_file_id },
    deps.now,
  );
  // A confirm racing another keeps the first record; the loser's copy goes.
  const stored = (await deps.store.putFile(record)) ? record : ((await deps.store.getFile(userId, fileId)) ?? record);
  await deps.objects.delete(stored === record ? [pending.objectKey] : [pending.objectKey, objectKey]);
  await deps.store.deletePendingUpload(userId, fileId);
  return stored;
}
