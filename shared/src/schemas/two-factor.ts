import * as z from 'zod';
import { BACKUP_CODE_ALPHABET, LIMITS } from '../constants.ts';
import { authTokenResponse } from './auth.ts';

/** The six digits an authenticator app shows. */
export const totpTokenSchema = z
  .string({ error: 'The code must be text' })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.twoFactorCodeLength}}$`), { error: `The code must be ${LIMITS.twoFactorCodeLength} digits` });

/** A backup code as typed: case, spaces and dashes do not matter. */
export const backupCodeSchema = z
  .string({ error: 'The backup code must be text' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z.string().regex(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${LIMITS.backupCodeLength}}$`), {
      error: `A backup code is ${LIMITS.backupCodeLength} letters and digits`,
    }),
  );

/** Either a code from the app or one backup code, never both. */
const codeFields = { token: totpTokenSchema.optional(), backupCode: backupCodeSchema.optional() };
const oneCode = (body: { token?: string | undefined; backupCode?: string | undefined }) => (body.token === undefined) !== (body.backupCode === undefined);
const oneCodeError = { error: 'Enter either the 6-digit code from your app or one backup code', path: ['token'] };

export const twoFactorCodeBody = z.object(codeFields).refine(oneCode, oneCodeError);
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

export const confirmTwoFactorBody = z.object({ token: totpTokenSchema });

/** The login's second step: the temporary token from the login reply plus a code. */
export const verifyTempBody = z
  .object({
    tempToken: z
      .string({ error: 'Your sign-in has expired. Please sign in again.' })
      .trim()
      .min(1, { error: 'Your sign-in has expired. Please sign in again.' })
      .max(300, { error: 'Your sign-in has expired. Please sign in again.' }),
    ...codeFields,
  })
  .refine(oneCode, oneCodeError);

/** The new secret as an otpauth:// URL (the QR code's content) and the ten backup codes, shown once. */
export const enableTwoFactorResponse = z.object({
  otpauthUrl: z.string(),
  backupCodes: z.array(z.string()),
});

export const twoFactorMessageResponse = z.object({ message: z.string() });

/** Whether each stored backup code is used; the codes' hashes never leave the server. */
export const backupCodeStatusSchema = z.object({ used: z.boolean(), usedAt: z.string().nullable() });

export const regenerateBackupCodesResponse = z.object({
  backupCodes: z.array(z.string()),
  backupCodesHash: z.array(backupCodeStatusSchema),
});

/** A completed second step signs in like a login: access token, user, refresh cookie. */
export const verifyTempResponse = authTokenResponse;

export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponse>;
export type BackupCodeStatus = z.infer<typeof backupCodeStatusSchema>;
