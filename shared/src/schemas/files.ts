import * as z from 'zod';
import { FILE_CONTEXTS, FILE_SOURCES } from '../files-constants.ts';

export { DEFAULT_FILE_ENDPOINT, FILE_CONTEXTS, FILE_LIMIT_DEFAULTS, FILE_SOURCES, FILE_TYPE_EXTENSIONS, IMAGE_FILE_TYPES, SUPPORTED_FILE_TYPES } from '../files-constants.ts';
export type { FileMimeType } from '../files-constants.ts';

/**
 * Files on the server (spec 000 sections 3, 5 and 7; docs/decisions/0018-file-uploads.md).
 * Sizes on the wire are bytes.
 */

/** The File entity (spec 000 section 3) as the server answers it. */
export const fileSchema = z.object({
  file_id: z.string(),
  /** The browser's own id for a pending upload, echoed so it can match the answer to its preview. */
  temp_file_id: z.string().optional(),
  user: z.string(),
  source: z.enum(FILE_SOURCES),
  context: z.enum(FILE_CONTEXTS),
  bytes: z.int(),
  filename: z.string(),
  /** The download path: `/api/files/download/{user}/{file_id}`. */
  filepath: z.string(),
  /** The MIME type found from the content. */
  type: z.string(),
  /** Raster images only, read from the image's own header. */
  width: z.int().optional(),
  height: z.int().optional(),
  preview: z.string().optional(),
  expiresAt: z.string().optional(),
  /** The endpoint whose limits it was checked against. */
  endpoint: z.string().optional(),
  /** Uploaded and not yet attached to a sent message: a new chat may clear it (DELETE /api/files/temporary). */
  temporary: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileRecord = z.output<typeof fileSchema>;

/**
 * POST /api/files and /api/files/images take multipart/form-data: one or more parts under `file`
 * (at most the endpoint's fileLimit), and the fields `endpoint` (whose limits apply; `default`
 * without it), and for a single file `file_id` (a UUID the browser chose; a new one without it)
 * and `temp_file_id` (echoed). Bodies above the config's `apiUploadSizeLimit` go through the
 * presigned path (POST /api/files/uploads) instead: API Gateway takes at most ~6 MB.
 */
export const uploadFilesResponse = z.object({ message: z.string(), files: z.array(fileSchema) });
export const listFilesResponse = z.array(fileSchema);

const fileId = z.string({ error: 'file_id must be text' }).trim().min(1, { error: 'file_id is required' }).max(100, { error: 'file_id is too long' });

/** LibreChat's shape: the browser sends the file objects it holds; only their ids count. */
export const deleteFilesBody = z.object({
  files: z
    .array(z.looseObject({ file_id: fileId, filepath: z.string().optional() }))
    .min(1, { error: 'Name at least one file' })
    .max(100, { error: 'Delete at most 100 files at a time' }),
});
export const deleteFilesResponse = z.object({ message: z.string(), deleted: z.array(z.string()) });

/**
 * A new chat clears the composer's uploads that were never sent: only those still temporary are
 * deleted; attached or unknown ids are skipped, so a send racing the clear keeps its files.
 */
export const deleteTemporaryFilesBody = z.object({
  file_ids: z.array(fileId).min(1, { error: 'Name at least one file' }).max(100, { error: 'Clear at most 100 files at a time' }),
});
export const deleteTemporaryFilesResponse = z.object({ deleted: z.array(z.string()) });

/** One endpoint's rules (spec 000 section 3's File config). */
export const endpointFileConfigSchema = z.object({
  disabled: z.boolean(),
  fileLimit: z.int(),
  fileSizeLimit: z.int(),
  totalSizeLimit: z.int(),
  supportedMimeTypes: z.array(z.string()),
});
export type EndpointFileConfig = z.output<typeof endpointFileConfigSchema>;

export const fileConfigResponse = z.object({
  serverFileSizeLimit: z.int(),
  avatarSizeLimit: z.int(),
  /** Larger files go straight to storage (POST /api/files/uploads), not through the API. */
  apiUploadSizeLimit: z.int(),
  /** Always has `default`; other keys are endpoint names with their own rules. */
  endpoints: z.record(z.string(), endpointFileConfigSchema),
});
export type FileConfig = z.output<typeof fileConfigResponse>;

export const fileDownloadParams = z.object({ userId: z.string().min(1).max(100), fileId: z.string().min(1).max(100) });
/** A 302 to a short-lived presigned GET of the bytes (Location header), no body. */
export const fileDownloadResponse = z.null();

/** Asks for a presigned PUT for one large file; checked against the endpoint's limits first. */
export const createUploadBody = z.object({
  filename: z.string({ error: 'filename is required' }).trim().min(1, { error: 'filename is required' }).max(255, { error: 'filename must be at most 255 characters' }),
  /** The browser's MIME type (may be empty); the content decides at confirm. */
  type: z.string().max(200).default(''),
  bytes: z.int({ error: 'bytes must be a whole number' }).min(1, { error: 'The file is empty' }),
  endpoint: z.string().trim().min(1).max(100).optional(),
  temp_file_id: z.string().max(100).optional(),
  /** Only raster images, as POST /api/files/images. */
  image: z.boolean().default(false),
});
export const createUploadResponse = z.object({
  file_id: z.string(),
  /** PUT the bytes here, with exactly `headers`, before `expiresAt`; then confirm. */
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export const uploadIdParams = z.object({ fileId: z.string().min(1).max(100) });
/** The confirmed upload, now a file; a refused one is deleted from storage. */
export const confirmUploadResponse = fileSchema;
