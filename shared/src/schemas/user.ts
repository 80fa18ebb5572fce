import * as z from 'zod';
import { roleSchema } from './common.ts';

export const userProfileSchema = z.object({
  city: z.string().optional(),
  state: z.string().optional(),
  birthday: z.string().optional(),
  whyHere: z.string(),
  lifeArena: z.string(),
  identitySegment: z.string(),
  currentBlock: z.string(),
});

/** The user as the browser sees them: never a hash, a secret or a backup code. */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  provider: z.enum(['local', 'google', 'facebook', 'openid', 'github', 'discord', 'apple', 'ldap']),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  profile: userProfileSchema,
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;
export type UserProfile = z.infer<typeof userProfileSchema>;
