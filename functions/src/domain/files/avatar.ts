import { AVATAR_NAME_PATTERN, ERROR_CODES } from '@meld/shared';
import { DomainError } from '../errors.ts';

/**
 * The user's profile picture (decision 0020): PNG or JPEG bytes, told apart by their first bytes
 * (a name or a browser's label is no evidence), stored under the user's avatar folder with an
 * unguessable name; the profile then points at it and the picture it replaced is deleted.
 */

const AVATAR_TYPES = [
  { mimeType: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

export type AvatarType = (typeof AVATAR_TYPES)[number];

/** The largest picture taken, in bytes: the operator's `files.avatarSizeLimit` (MB). */
export function avatarSizeLimit(config: { files: { avatarSizeLimit: number } }): number {
  return Math.round(config.files.avatarSizeLimit * 1024 * 1024);
}

/** The type a stored picture is served with, from the extension its sniffed type gave it. */
export function avatarContentType(name: string): string {
  return AVATAR_TYPES.find((type) => name.endsWith(`.${type.extension}`))?.mimeType ?? 'application/octet-stream';
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The one refusal for a wrong type or size, naming the limit, as the browser's own check words it. */
export function invalidAvatarMessage(maxBytes: number): string {
  return `Invalid upload: choose a PNG or JPEG picture of at most ${megabytes(maxBytes)}.`;
}

/** The picture's type from its first bytes, or a 400 naming the field. */
export function sniffAvatar(data: Uint8Array, maxBytes: number): AvatarType {
  const type = AVATAR_TYPES.find((candidate) => candidate.magic.every((byte, index) => data[index] === byte));
  if (!type || data.length > maxBytes) throw new DomainError('invalid', ERROR_CODES.validation, invalidAvatarMessage(maxBytes), 'file');
  return type;
}

export interface AvatarDeps {
  /** The files bucket. */
  bucket: { putBytes: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>; delete: (keys: string[]) => Promise<void> };
  /** A fresh random name, without extension (32 hex characters). */
  randomName: () => string;
  /** The bucket key of a user's picture, and the path the browser loads it from. */
  objectKey: (userId: string, name: string) => string;
  publicPath: (userId: string, name: string) => string;
  /** Points the profile at the new picture; answers the URL it pointed at before, or null without a profile. */
  setAvatar: (userId: string, url: string) => Promise<{ previous: string | null } | null>;
  /** Only failures to tidy up: the upload itself succeeded. */
  onCleanupError: (error: unknown) => void;
}

/** The stored name behind one of our own avatar URLs for this user, or null for anything else. */
export function avatarNameOf(url: string | null, userId: string, publicPath: AvatarDeps['publicPath']): string | null {
  if (!url) return null;
  const prefix = publicPath(userId, '');
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  return AVATAR_NAME_PATTERN.test(name) ? name : null;
}

/**
 * Saves the picture, then points the profile at it, then deletes the one it replaces: a failure
 * part-way leaves at worst an unreferenced object in the user's folder (emptied with the account),
 * never a profile pointing at nothing.
 */
export async function replaceAvatar(userId: string, data: Uint8Array, maxBytes: number, deps: AvatarDeps): Promise<{ url: string }> {
  const type = sniffAvatar(data, maxBytes);
  const name = `${deps.randomName()}.${type.extension}`;
  await deps.bucket.putBytes(deps.objectKey(userId, name), data, type.mimeType);
  const url = deps.publicPath(userId, name);
  const changed = await deps.setAvatar(userId, url);
  if (!changed) {
    // The account was deleted while its access token still lived: keep nothing of it.
    await deps.bucket.delete([deps.objectKey(userId, name)]).catch(deps.onCleanupError);
    throw new DomainError('not-found', ERROR_CODES.notFound, 'This account no longer exists.');
  }
  const previous = avatarNameOf(changed.previous, userId, deps.publicPath);
  if (previous && previous !== name) {
    await deps.bucket.delete([deps.objectKey(userId, previous)]).catch(deps.onCleanupError);
  }
  return { url };
}
