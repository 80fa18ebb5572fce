import { randomBytes } from 'node:crypto';
import { AVATAR_FILE_FIELD, buildPath, ERROR_CODES, routes } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { avatarSizeLimit, invalidAvatarMessage, replaceAvatar } from '../../domain/files/avatar.ts';
import { HttpError } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { setUserAvatar } from '../../store/user-store.ts';

/** Multipart `file` (the cropped picture) and `manual`; answers the picture's URL, now the profile's avatar. */
export const handler = defineHandler('uploadAvatar', async ({ auth, ip, now, event }) => {
  const config = getAppConfig();
  // The uploads' limits, before the body is read.
  await enforceRateLimit(config, 'fileUploads', auth.userId, now.getTime());
  await enforceRateLimit(config, 'fileUploadsPerIp', ip, now.getTime());
  const maxBytes = avatarSizeLimit(config);
  const form = await readMultipart(event, { maxFileBytes: maxBytes, maxFields: 5 }).catch((error: unknown) => {
    // Too large is the same refusal as a wrong type, in the words the browser's own check uses.
    throw error instanceof HttpError && error.status === 413 ? new HttpError(413, ERROR_CODES.payloadTooLarge, invalidAvatarMessage(maxBytes), { field: AVATAR_FILE_FIELD }) : error;
  });
  return replaceAvatar(auth.userId, requireFile(form, AVATAR_FILE_FIELD).data, maxBytes, {
    bucket: bucketObjects('files'),
    randomName: () => randomBytes(16).toString('hex'),
    objectKey: (userId, name) => `${keys.avatarPrefix(userId)}${name}`,
    publicPath: (userId, name) => buildPath(routes.getAvatar.path, { userId, name }),
    setAvatar: (userId, url) => setUserAvatar(userId, url, now.toISOString()),
    onCleanupError: (error) => logger.warn('A replaced avatar could not be deleted', { reason: error instanceof Error ? error.message : 'unknown' }),
  });
});
