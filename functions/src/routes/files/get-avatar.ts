import { ERROR_CODES } from '@meld/shared';
import { avatarContentType } from '../../domain/files/avatar.ts';
import { DomainError } from '../../domain/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';

/** A profile picture's bytes. Public (decision 0020): its name is 128 random bits, and a name is never reused, so it caches for a year. */
export const handler = defineHandler('getAvatar', async ({ params }) => {
  const bytes = await bucketObjects('files').findBytes(`${keys.avatarPrefix(params.userId)}${params.name}`);
  if (!bytes) throw new DomainError('not-found', ERROR_CODES.notFound, 'There is no such picture.');
  return reply(bytes, {
    headers: {
      'content-type': avatarContentType(params.name),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});
