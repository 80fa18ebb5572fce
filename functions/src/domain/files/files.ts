import { ERROR_CODES, type EndpointFileConfig } from '@meld/shared';
import type { PendingUpload, StoredFile } from '../../store/file-store.ts';
import { DomainError } from '../errors.ts';

/** The collaborators every file operation takes (the routes wire the stores and the files bucket). */
export interface FileDeps {
  now: Date;
  newId: () => string;
  objects: {
    putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
    delete(keyList: string[]): Promise<void>;
    presign(method: 'GET' | 'PUT', key: string, options: { expiresSeconds: number; headers?: Record<string, string>; query?: Record<string, string> }): Promise<string>;
    readHead(key: string, length: number): Promise<{ bytes: Uint8Array; size: number } | null>;
    copy(from: string, to: string): Promise<boolean>;
  };
  store: {
    putFile(file: StoredFile): Promise<boolean>;
    getFile(userId: string, fileId: string): Promise<StoredFile | undefined>;
    getFiles(userId: string, fileIds: readonly string[]): Promise<StoredFile[]>;
    listFiles(userId: string): Promise<StoredFile[]>;
    deleteFileItem(userId: string, fileId: string): Promise<StoredFile | undefined>;
    deleteTemporaryFileItem(userId: string, fileId: string): Promise<StoredFile | undefined>;
    putPendingUpload(userId: string, upload: PendingUpload, expires: Date): Promise<void>;
    getPendingUpload(userId: string, fileId: string, now: Date): Promise<PendingUpload | undefined>;
    deletePendingUpload(userId: string, fileId: string): Promise<void>;
  };
  /** Where a file's bytes are kept and served from. */
  objectKey: (userId: string, fileId: string, safeName: string) => string;
  /** Where a presigned PUT lands; never served (decision 0018). */
  uploadKey: (userId: string, fileId: string, safeName: string) => string;
  /** Records a file_upload_limit violation for the user. */
  recordViolation: (details: Record<string, unknown>) => Promise<void>;
  /** Rules of the endpoint an upload names (the default's without one). */
  rules: (endpoint: string | undefined) => EndpointFileConfig;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client-chosen id must be a UUID: ids sit in keys and paths. */
export function checkClientId(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!UUID.test(value)) throw new DomainError('invalid', ERROR_CODES.validation, `${field} must be a UUID`, field);
  return value.toLowerCase();
}

/** The name shown to the user: no directory part, no control characters, at most 255 characters. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'file';
}

/** The name inside the object's key: safe in any URL and file system. */
export function safeObjectName(filename: string): string {
  const safe = displayName(filename)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe || 'file';
}

/** The File entity's download path. */
export function downloadPath(userId: string, fileId: string): string {
  return `/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`;
}

/** A new file's record, temporary until a sent message attaches it. */
export function newFileRecord(
  userId: string,
  fileId: string,
  details: { filename: string; bytes: number; type: string; endpoint: string; objectKey: string; size: { width: number; height: number } | null; tempFileId?: string | undefined },
  now: Date,
): StoredFile {
  const at = now.toISOString();
  return {
    file_id: fileId,
    ...(details.tempFileId ? { temp_file_id: details.tempFileId } : {}),
    user: userId,
    source: 's3',
    context: 'message_attachment',
    bytes: details.bytes,
    filename: details.filename,
    filepath: downloadPath(userId, fileId),
    type: details.type,
    ...(details.size ?? {}),
    endpoint: details.endpoint,
    temporary: true,
    createdAt: at,
    updatedAt: at,
    objectKey: details.objectKey,
  };
}
