import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { emailSchema, passwordSchema } from './common.ts';
import { publicUserSchema } from './user.ts';

/** Link tokens are 32 random bytes in base64url (43 characters); anything far longer is not one. */
const LINK_TOKEN_MAX = 200;

/** A required link part: missing, blank or absurdly long all get the field's own message. */
function linkPart(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(LINK_TOKEN_MAX, { error: message });
}

/** Forgot-password e-mail: 3 to 120 characters (spec 001 section 5). */
const recoveryEmail = emailSchema.pipe(z.string().min(LIMITS.emailMin, { error: `Email must be at least ${LIMITS.emailMin} characters` }));

export const requestPasswordResetBody = z.object({ email: recoveryEmail });

/**
 * The same reply whether or not the account exists. `link` only in a deployment configured to
 * return links instead of mailing them (decision 0009); then every request gets one.
 */
export const neutralLinkResponse = z.object({
  message: z.string(),
  link: z.string().optional(),
  /** This server returns links in replies instead of mailing them (one machine, decision 0009): a reply without one has none to give. */
  linksReturned: z.literal(true).optional(),
});
export type NeutralLinkResponse = z.infer<typeof neutralLinkResponse>;

/**
 * The resend's reply. Where links are returned (one machine, decision 0009), an address already
 * verified gets no link (one would never work) and says so, so the page can send its member to sign in.
 */
export const resendVerificationResponse = neutralLinkResponse.extend({ alreadyVerified: z.literal(true).optional() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponse>;

export const resetPasswordBody = z
  .object({
    token: linkPart('Unable to process: No valid reset token'),
    userId: linkPart('Unable to process: No valid user id'),
    password: passwordSchema,
    confirm_password: z.string({ error: 'Please confirm your password' }).min(1, { error: 'Please confirm your password' }),
  })
  .refine((body) => body.password === body.confirm_password, { error: 'Passwords do not match', path: ['confirm_password'] });

export const recoveryMessageResponse = z.object({ message: z.string() });

export const verifyEmailBody = z.object({ email: emailSchema, token: linkPart('Verification token is missing') });
export const resendVerificationBody = z.object({ email: recoveryEmail });

/**
 * Registration's reply. When the e-mail must be verified before signing in, no session is started:
 * the reply has the user and a message, and no token.
 */
export const registerResponse = z.object({ token: z.string().optional(), user: publicUserSchema, message: z.string().optional() });
