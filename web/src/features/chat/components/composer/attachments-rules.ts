import { DEFAULT_FILE_ENDPOINT, FILE_TYPE_EXTENSIONS, IMAGE_FILE_TYPES, type EndpointFileConfig, type FileConfig } from '@meld/shared';

/**
 * The browser's copy of the server's file rules (GET /api/files/config), checked before an upload
 * starts so a refusal shows at once. The server checks again, by content: its answer decides.
 */

export function rulesFor(config: FileConfig, endpoint: string): EndpointFileConfig {
  return config.endpoints[endpoint] ?? (config.endpoints[DEFAULT_FILE_ENDPOINT] as EndpointFileConfig);
}

const BY_EXTENSION = new Map<string, string>(Object.entries(FILE_TYPE_EXTENSIONS).flatMap(([type, extensions]) => extensions.map((extension) => [extension, type] as const)));

/** The file's type as the whitelist names it: the browser's guess, else the one its extension stands for. */
export function typeOf(file: { name: string; type: string }): string {
  if (file.type && file.type in FILE_TYPE_EXTENSIONS) return file.type;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION.get(extension) ?? file.type;
}

export const isImageType = (type: string) => (IMAGE_FILE_TYPES as readonly string[]).includes(type);

export interface Refusal {
  key: 'disabled' | 'count' | 'total' | 'type' | 'size';
  values: { name?: string; limit?: number | string };
}

/** Why `file` (a picked file, or one attached already) cannot join `attached` (the message's other files), or null when it may. */
export function refusalFor(file: { name: string; type: string; size: number }, rules: EndpointFileConfig, attached: ReadonlyArray<{ size: number }>, formatSize: (bytes: number) => string): Refusal | null {
  if (rules.disabled) return { key: 'disabled', values: {} };
  if (attached.length + 1 > rules.fileLimit) return { key: 'count', values: { limit: rules.fileLimit } };
  if (!rules.supportedMimeTypes.includes(typeOf(file))) return { key: 'type', values: { name: file.name } };
  if (file.size > rules.fileSizeLimit) return { key: 'size', values: { name: file.name, limit: formatSize(rules.fileSizeLimit) } };
  const total = attached.reduce((sum, entry) => sum + entry.size, file.size);
  if (total > rules.totalSizeLimit) return { key: 'total', values: { limit: formatSize(rules.totalSizeLimit) } };
  return null;
}
