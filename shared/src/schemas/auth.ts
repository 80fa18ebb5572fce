import * as z from 'zod';
import {
  CURRENT_BLOCK_OPTIONS,
  IDENTITY_SEGMENT_OPTIONS,
  LIFE_ARENA_OPTIONS,
  LIMITS,
  WHY_HERE_OPTIONS,
} from '../constants.ts';
import { emailSchema, isoDateSchema, optionalText, passwordSchema, requiredString } from './common.ts';
import { publicUserSchema } from './user.ts';

export const signupCodeSchema = z
  .string({ error: 'Signup code is required' })
  .trim()
  .min(1, { error: 'Signup code is required' })
  .max(LIMITS.signupCodeMax, { error: `Signup code must be at most ${LIMITS.signupCodeMax} characters` })
  .transform((code) => code.toUpperCase());

export const validateSignupCodeBody = z.object({ signupCode: signupCodeSchema });
export const validateSignupCodeResponse = z.object({ valid: z.boolean(), message: z.string() });

/**
 * A wizard choice list: comma-joined option ids; where the set has "other", the user's own
 * text stands in its place. `needsKnownId` rejects lists made only of free text for sets
 * without "other".
 */
function choiceList(label: string, options: readonly string[]) {
  const allowsOther = options.includes('other');
  return z
    .string({ error: `Choose at least one ${label}` })
    .trim()
    .min(1, { error: `Choose at least one ${label}` })
    .max(LIMITS.choiceListMax, { error: `${label} must be at most ${LIMITS.choiceListMax} characters` })
    .refine(
      (value) =>
        allowsOther ||
        value
          .split(',')
          .map((part) => part.trim())
          .every((part) => options.includes(part)),
      { error: `${label} must be chosen from: ${options.join(', ')}` },
    );
}

export const registerBody = z
  .object({
    name: requiredString('Name is required').pipe(z.string().max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` })),
    city: optionalText(LIMITS.cityMax, 'City'),
    state: optionalText(LIMITS.stateMax, 'State'),
    birthday: z.union([isoDateSchema, z.literal('')]).optional(),
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z
      .string({ error: 'Please confirm your password' })
      .min(1, { error: 'Please confirm your password' }),
    signup_code: signupCodeSchema.optional(),
    whyHere: choiceList('reason you are here', WHY_HERE_OPTIONS),
    lifeArena: choiceList('life arena', LIFE_ARENA_OPTIONS),
    identitySegment: choiceList('identity', IDENTITY_SEGMENT_OPTIONS),
    currentBlock: choiceList('current block', CURRENT_BLOCK_OPTIONS),
  })
  .refine((body) => body.password === body.confirm_password, {
    error: 'Passwords do not match',
    path: ['confirm_password'],
  });

export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const authTokenResponse = z.object({
  token: z.string(),
  user: publicUserSchema,
});

/**
 * A signed-in session, or, for an account with two-factor on, no session yet: only the
 * temporary token that /api/auth/2fa/verify-temp takes with a code.
 */
export const loginResponse = z.union([
  authTokenResponse.extend({ redirect: z.string().optional() }),
  z.object({ twoFAPending: z.literal(true), tempToken: z.string() }),
]);

export const logoutResponse = z.object({ message: z.string(), redirect: z.string().optional() });
