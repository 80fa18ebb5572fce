import { DEFAULT_FILE_ENDPOINT, ERROR_CODES } from '@meld/shared';
import type { StoredFile } from '../../store/file-store.ts';
import { DomainError } from '../errors.ts';
import { checkBatch, checkType, FileLimitError, formatBytes } from './file-rules.ts';
import { sniffFileType, SNIFF_BYTES } from './file-types.ts';
import { checkClientId, displayName, newFileRecord, safeObjectName, type FileDeps } from './files.ts';
import { imageSize } from './image-size.ts';

/**
 * Uploads through the API (multipart, decision 0018): every file is checked (count, sizes, total,
 * content type) before any byte is stored, so a refused request leaves nothing behind.
 */

export interface UploadPart {
  filename: string;
  mimeType: string;
  data: Uint8Array;
}

export interface UploadRequest {
  parts: UploadPart[];
  endpoint?: string | undefined;
  fileId?: string | undefined;
  tempFileId?: string | undefined;
  /** The images route: raster images only. */
  imagesOnly: boolean;
  /** The largest body the API takes; larger files go through the presigned path. */
  apiUploadSizeLimit: number;
}

/** Runs a check and records a file_upload_limit violation when it refuses. */
export async function refusing<T>(deps: FileDeps, details: Record<string, unknown>, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FileLimitError) await deps.recordViolation({ ...details, limit: error.limit, message: error.message });
    throw error;
  }
}

export async function uploadFiles(userId: string, request: UploadRequest, deps: FileDeps): Promise<StoredFile[]> {
  if (request.parts.length === 0) throw new DomainError('invalid', ERROR_CODES.validation, "Attach the file under the form field 'file'.", 'file');
  const endpoint = request.endpoint || DEFAULT_FILE_ENDPOINT;
  const rules = deps.rules(endpoint);
  const single = request.parts.length === 1;
  const clientId = single ? checkClientId(request.fileId, 'file_id') : undefined;
  const tempFileId = single ? request.tempFileId?.slice(0, 100) || undefined : undefined;

  const checked = await refusing(deps, { endpoint, files: request.parts.length }, () => {
    const named = request.parts.map((part) => ({ ...part, filename: displayName(part.filename), bytes: part.data.length }));
    checkBatch(rules, named);
    for (const part of named) {
      if (part.bytes > request.apiUploadSizeLimit) {
        throw new FileLimitError(`${part.filename} is over ${formatBytes(request.apiUploadSizeLimit)}: upload it with POST /api/files/uploads.`, 'fileSizeLimit', true);
      }
    }
    return named.map((part) => {
      const head = part.data.subarray(0, SNIFF_BYTES);
      const type = checkType(rules, part.filename, sniffFileType(head, part, part.data.length <= SNIFF_BYTES), request.imagesOnly);
      return { ...part, type, size: imageSize(type, head) };
    });
  });

  const files = checked.map((part) => {
    const fileId = clientId ?? deps.newId();
    const objectKey = deps.objectKey(userId, fileId, safeObjectName(part.filename));
    return { part, record: newFileRecord(userId, fileId, { ...part, endpoint, objectKey, tempFileId }, deps.now) };
  });
  if (clientId && (await deps.store.getFile(userId, clientId))) throw fileIdTaken();
  await Promise.all(files.map(({ part, record }) => deps.objects.putBytes(record.objectKey, part.data, record.type)));
  const written = await Promise.all(files.map(({ record }) => deps.store.putFile(record)));
  if (written.includes(false)) {
    // Only a client-chosen id (one file) can collide, with a racing upload of that id: our object
    // goes unless the winner's item names the same key.
    const [{ record }] = files as [(typeof files)[number]];
    const winner = await deps.store.getFile(userId, record.file_id);
    if (winner?.objectKey !== record.objectKey) await deps.objects.delete([record.objectKey]);
    throw fileIdTaken();
  }
  return files.map(({ record }) => record);
}

function fileIdTaken(): DomainError {
  return new DomainError('conflict', ERROR_CODES.conflict, 'A file with this file_id exists already.', 'file_id');
}
