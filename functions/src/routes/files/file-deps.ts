import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@meld/shared';
import { endpointRules } from '../../domain/files/file-rules.ts';
import type { FileDeps } from '../../domain/files/files.ts';
import { chargeRefusal, enforceRateLimit } from '../../http/rate-limit.ts';
import { bucketObjects } from '../../store/blobs.ts';
import * as store from '../../store/file-store.ts';
import { keys } from '../../store/keys.ts';

/** The stores and the files bucket behind the file routes, for `userId`'s request at `now`. */
export function fileDeps(config: AppConfig, userId: string, now: Date): FileDeps {
  return {
    now,
    newId: randomUUID,
    objects: bucketObjects('files'),
    store,
    objectKey: keys.fileObject,
    uploadKey: keys.uploadObject,
    // Through the one limiter, so every refused file (type, size, empty, disabled, a size that does not match) counts toward a ban like a refused hit (decision 0011).
    recordViolation: (details) => chargeRefusal(config, 'file_upload_limit', details, now.getTime(), { userId }),
    rules: (endpoint) => endpointRules(config, endpoint),
  };
}

/** Uploads are limited per user and per address (`rateLimits.fileUploads`, `fileUploadsPerIp`). */
export async function limitUploads(config: AppConfig, userId: string, ip: string, now: Date): Promise<void> {
  await enforceRateLimit(config, 'fileUploads', userId, now.getTime());
  if (ip !== 'unknown') await enforceRateLimit(config, 'fileUploadsPerIp', ip, now.getTime());
}
