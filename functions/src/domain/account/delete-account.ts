import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../errors.ts';

/**
 * Everything a user owns. Most of it sits in the partition USER#<id> (profile, settings,
 * sessions, conversations, messages, tags, presets, keys, share records, and whatever later
 * issues add there), which one partition walk removes. What lives elsewhere is listed here, in
 * the one place that must grow when a new kind of item is stored outside the partition:
 * - the e-mail claim EMAIL#<email>, which keeps the address unique;
 * - the social sign-in links IDENTITY#<provider>#<subject> (decision 0010), found through their
 *   references in the partition;
 * - the public snapshots SHARE#<shareId> of the user's links, and their S3 copies shares/<shareId>.json;
 * - S3 objects under the user's own prefixes (message bodies over 300 KB at messages/<userId>/,
 *   voice notes' recordings at voice-notes/<userId>/ in the audio bucket).
 */
export interface DeleteAccountDeps {
  getUser(userId: string): Promise<{ email: string } | undefined>;
  /** Public snapshots, their S3 copies, and the user's link records. */
  deleteAllSharesOfUser(userId: string): Promise<number>;
  deleteUserBlobs(userId: string): Promise<number>;
  /** Social sign-in links to this user; before the partition walk, which removes their references. */
  releaseIdentityLinks(userId: string): Promise<number>;
  /** Every item of the partition except the profile; sessions go with it, so no refresh succeeds. */
  deleteUserItemsExceptProfile(userId: string): Promise<number>;
  /** Releases the e-mail only if it still points at this user. */
  releaseEmailClaim(email: string, userId: string): Promise<void>;
  deleteUserProfile(userId: string): Promise<void>;
}

export function emailMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Deletes the account after the user typed their own e-mail. Public links go first, so nothing
 * stays readable once deletion has started; the profile goes last, so a failure part-way leaves
 * an account that can still sign in with its current token and run the deletion again.
 */
export async function deleteAccount(userId: string, typedEmail: string, deps: DeleteAccountDeps): Promise<void> {
  const user = await deps.getUser(userId);
  if (!user) throw new DomainError('unauthenticated', ERROR_CODES.unauthorized, 'Your account no longer exists.');
  if (!emailMatches(typedEmail, user.email)) {
    throw new DomainError('invalid', ERROR_CODES.validation, 'Type the e-mail address of your account to delete it.', 'email');
  }
  await deps.deleteAllSharesOfUser(userId);
  await deps.deleteUserBlobs(userId);
  await deps.releaseIdentityLinks(userId);
  await deps.deleteUserItemsExceptProfile(userId);
  await deps.releaseEmailClaim(user.email, userId);
  await deps.deleteUserProfile(userId);
}
