import { randomBytes } from 'node:crypto';
import { AVATAR_FILE_FIELD, buildPath, ERROR_CODES, routes } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { setAgentAvatar } from '../../domain/agents/agent-avatar.ts';
import { avatarSizeLimit, invalidAvatarMessage } from '../../domain/files/avatar.ts';
import { HttpError } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { logger } from '../../http/logger.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { agentDeps } from './agent-deps.ts';

/** Multipart `file` (PNG or JPEG, as the profile picture); answers the agent with its new avatar URL. */
export const handler = defineHandler('uploadAgentAvatar', async ({ auth, params, ip, now, event }) => {
  const config = getAppConfig();
  await enforceRateLimit(config, 'fileUploads', auth.userId, now.getTime());
  await enforceRateLimit(config, 'fileUploadsPerIp', ip, now.getTime());
  const maxBytes = avatarSizeLimit(config);
  const form = await readMultipart(event, { maxFileBytes: maxBytes, maxFields: 5 }).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 413 ? new HttpError(413, ERROR_CODES.payloadTooLarge, invalidAvatarMessage(maxBytes), { field: AVATAR_FILE_FIELD }) : error;
  });
  return setAgentAvatar(auth.userId, auth.role, params.id, requireFile(form, AVATAR_FILE_FIELD).data, maxBytes, now, agentDeps, {
    bucket: bucketObjects('files'),
    randomName: () => randomBytes(16).toString('hex'),
    objectKey: (userId, name) => `${keys.avatarPrefix(userId)}${name}`,
    publicPath: (userId, name) => buildPath(routes.getAvatar.path, { userId, name }),
    onCleanupError: (error) => logger.warn('A replaced agent avatar could not be deleted', { reason: error instanceof Error ? error.message : 'unknown' }),
  });
});
