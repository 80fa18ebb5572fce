import {
  DEFAULT_FILE_ENDPOINT,
  ERROR_CODES,
  FILE_LIMIT_DEFAULTS,
  IMAGE_FILE_TYPES,
  SUPPORTED_FILE_TYPES,
  type AppConfig,
  type EndpointFileConfig,
  type FileConfig,
} from '@meld/shared';
import { DomainError } from '../errors.ts';

/** The limits an upload is held to (spec 000 sections 3, 5 and 9), in bytes, from the app config. */

const MB = 1024 * 1024;
const toBytes = (megabytes: number) => Math.floor(megabytes * MB);

/** The File config the browser reads: every configured endpoint's rules over `default`'s over the spec's. */
export function fileConfig(config: AppConfig): FileConfig {
  const names = new Set([DEFAULT_FILE_ENDPOINT, ...Object.keys(config.files.endpoints)]);
  return {
    serverFileSizeLimit: toBytes(config.files.serverFileSizeLimit),
    avatarSizeLimit: toBytes(config.files.avatarSizeLimit),
    apiUploadSizeLimit: apiUploadSizeLimit(config),
    endpoints: Object.fromEntries([...names].map((name) => [name, endpointRules(config, name)])),
  };
}

/** Multipart bodies through the API stop here; larger files take the presigned path. */
export function apiUploadSizeLimit(config: AppConfig): number {
  return toBytes(config.files.apiUploadSizeLimit);
}

/** One endpoint's rules; a file is never larger than the server's own limit, whatever the endpoint says. */
export function endpointRules(config: AppConfig, endpoint: string | undefined): EndpointFileConfig {
  const own = endpoint ? config.files.endpoints[endpoint] : undefined;
  const fallback = config.files.endpoints[DEFAULT_FILE_ENDPOINT];
  const pick = <K extends keyof NonNullable<typeof own>>(key: K) => own?.[key] ?? fallback?.[key];
  const serverLimit = toBytes(config.files.serverFileSizeLimit);
  return {
    disabled: pick('disabled') ?? false,
    fileLimit: pick('fileLimit') ?? FILE_LIMIT_DEFAULTS.fileLimit,
    fileSizeLimit: Math.min(serverLimit, toBytes(pick('fileSizeLimit') ?? FILE_LIMIT_DEFAULTS.fileSizeLimit / MB)),
    totalSizeLimit: toBytes(pick('totalSizeLimit') ?? FILE_LIMIT_DEFAULTS.totalSizeLimit / MB),
    supportedMimeTypes: [...(pick('supportedMimeTypes') ?? SUPPORTED_FILE_TYPES)],
  };
}

/** Human sizes for messages: "512 MB", "1.5 KB". */
export function formatBytes(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= MB) return `${round(bytes / MB)} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** An upload refused by the rules: a 400 (type, count, endpoint) or a 413 (size), coded file_upload_limit. */
export class FileLimitError extends DomainError {
  constructor(
    message: string,
    readonly limit: 'type' | 'executable' | 'fileLimit' | 'fileSizeLimit' | 'totalSizeLimit' | 'disabled' | 'empty',
    tooLarge = false,
  ) {
    super(tooLarge ? 'too-large' : 'invalid', ERROR_CODES.fileUploadLimit, message, 'file');
    this.name = 'FileLimitError';
  }
}

/** Checks the request's shape before any byte is stored: the endpoint allows files, and the count, sizes and total fit. */
export function checkBatch(rules: EndpointFileConfig, files: readonly { filename: string; bytes: number }[]): void {
  if (rules.disabled) throw new FileLimitError('File uploads are turned off for this endpoint.', 'disabled');
  if (files.length > rules.fileLimit) {
    throw new FileLimitError(`You can attach at most ${rules.fileLimit} file${rules.fileLimit === 1 ? '' : 's'} at a time (file limit).`, 'fileLimit');
  }
  for (const file of files) {
    if (file.bytes === 0) throw new FileLimitError(`${file.filename} is empty.`, 'empty');
    if (file.bytes > rules.fileSizeLimit) {
      throw new FileLimitError(`${file.filename} is larger than the ${formatBytes(rules.fileSizeLimit)} file size limit.`, 'fileSizeLimit', true);
    }
  }
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  if (total > rules.totalSizeLimit) {
    throw new FileLimitError(`These files together are larger than the ${formatBytes(rules.totalSizeLimit)} total size limit.`, 'totalSizeLimit', true);
  }
}

/** The type found is one the endpoint (and, for the images route, the image list) takes. */
export function checkType(rules: EndpointFileConfig, filename: string, sniffed: { kind: 'type'; type: string } | { kind: 'executable' } | { kind: 'unknown' }, imagesOnly: boolean): string {
  if (sniffed.kind === 'executable') throw new FileLimitError(`${filename} is a program, and programs cannot be uploaded.`, 'executable');
  const allowed = imagesOnly ? rules.supportedMimeTypes.filter((type) => (IMAGE_FILE_TYPES as readonly string[]).includes(type)) : rules.supportedMimeTypes;
  if (sniffed.kind === 'unknown' || !allowed.includes(sniffed.type)) {
    const what = sniffed.kind === 'type' ? ` (${sniffed.type})` : '';
    const kinds = imagesOnly ? 'PNG, JPEG, GIF and WebP images' : 'documents, PDFs, images, code and text, archives and spreadsheets';
    throw new FileLimitError(`${filename}${what} is not a supported file type: upload ${kinds}.`, 'type');
  }
  return sniffed.type;
}
