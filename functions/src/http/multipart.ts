import busboy from 'busboy';
import { ERROR_CODES } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError, httpErrors } from './errors.ts';

export interface UploadedFile {
  /** The form field the file came under. */
  field: string;
  /** The browser's file name, without any directory part. */
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Plain (non-file) fields; a Map so names such as `__proto__` stay data. */
  fields: Map<string, string>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** Largest file accepted; a larger one is a 413. */
  maxFileBytes: number;
  maxFiles?: number;
  maxFields?: number;
}

const MAX_FIELD_BYTES = 100_000;

/**
 * Reads a multipart/form-data request body (API Gateway hands it over base64-encoded) into
 * memory. The body is already whole in the event, so there is nothing to stream; busboy does the
 * parsing. Anything that is not a well-formed form is the caller's 400; a file over the limit a 413.
 */
export function readMultipart(event: APIGatewayProxyEventV2, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = header(event, 'content-type');
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw httpErrors.badRequest('Send the upload as multipart/form-data.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8, not the latin1 that busboy assumes by default.
      defParamCharset: 'utf8',
      limits: {
        // busboy flags a file that reaches its limit, so one byte more keeps a file of exactly the limit.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles ?? 1,
        fields: limits.maxFields ?? 20,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
  } catch {
    throw malformed('its boundary is missing');
  }
  const body = event.body === undefined ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');

  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const parts: { file: Omit<UploadedFile, 'data'>; chunks: Buffer[] }[] = [];
    let failure: Error | undefined;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error ?? failure) reject(failure ?? error);
      else resolve({ fields, files: parts.map(({ file, chunks }) => ({ ...file, data: Buffer.concat(chunks) })) });
    };

    parser.on('file', (field, stream, info) => {
      const part = { file: { field, filename: info.filename ?? '', mimeType: info.mimeType }, chunks: [] as Buffer[] };
      parts.push(part);
      stream.on('data', (chunk: Buffer) => part.chunks.push(chunk));
      // A body cut off mid-file fails the stream too; the parser reports the same fault.
      stream.on('error', (error) => finish(malformed(error.message)));
      stream.on('limit', () => {
        failure ??= new HttpError(413, ERROR_CODES.payloadTooLarge, `Files must be at most ${formatBytes(limits.maxFileBytes)}.`);
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) failure ??= httpErrors.badRequest(`Form field '${name}' is too long.`, { field: name });
      fields.set(name, value);
    });
    parser.on('filesLimit', () => (failure ??= httpErrors.badRequest(`Send at most ${limits.maxFiles ?? 1} file${(limits.maxFiles ?? 1) === 1 ? '' : 's'}.`)));
    parser.on('fieldsLimit', () => (failure ??= httpErrors.badRequest('The form has too many fields.')));
    parser.on('error', (error) => finish(malformed(error instanceof Error ? error.message : String(error))));
    parser.on('close', () => finish());
    parser.end(body);
  });
}

/** The one file sent under `field`; its absence is a 400 that names the field. */
export function requireFile(form: MultipartForm, field: string): UploadedFile {
  const file = form.files.find((candidate) => candidate.field === field);
  if (!file) throw httpErrors.badRequest(`Attach the file under the form field '${field}'.`, { field });
  return file;
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function malformed(reason: string): HttpError {
  return httpErrors.badRequest(`The upload is not a valid multipart form (${reason.replace(/\.$/, '').toLowerCase()}).`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
