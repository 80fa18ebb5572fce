import * as z from 'zod';

export { AVATAR_FILE_FIELD, AVATAR_RULES } from '../avatar-constants.ts';

export const uploadAvatarResponse = z.object({
  /** Where the browser loads the picture from; also the profile's new `avatar`. */
  url: z.string(),
});
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponse>;

/** A stored picture's name: 128 random bits in hex and its type's extension (nothing to guess or walk). */
export const AVATAR_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg)$/;

export const avatarParams = z.object({
  userId: z.string().regex(/^[\w-]{1,64}$/, { error: 'Not a user id' }),
  name: z.string().regex(AVATAR_NAME_PATTERN, { error: 'Not an avatar name' }),
});

/** The image's bytes, not JSON; the schema only names the route's success for the table. */
export const getAvatarResponse = z.unknown();
