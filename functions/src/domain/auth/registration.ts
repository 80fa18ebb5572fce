import { ERROR_CODES, type RegisterBody } from '@meld/shared';
import type { SignupCodeRecord } from '../../store/signup-code-store.ts';
import type { UserRecord } from '../../store/user-store.ts';
import { accessCodeStatus } from '../admin/access-codes.ts';
import { DomainError } from '../errors.ts';
import { hashPassword } from './passwords.ts';
import { newId } from './tokens.ts';

export interface RegistrationDeps {
  getSignupCode(code: string): Promise<SignupCodeRecord | undefined>;
  /** Counts the registration; false when the code stopped being usable at `now` (revoked, expired or used up). */
  consumeSignupCode(code: string, now: Date): Promise<boolean>;
  /** Throws EmailTakenError when the e-mail is already claimed. */
  createUser(user: UserRecord): Promise<void>;
  isEmailTaken(error: unknown): boolean;
  /**
   * Answer a taken address like a new one (no session is started either way, so nothing tells a
   * stranger the address has an account): `register` returns the unsaved record with `taken`.
   */
  neutralWhenTaken?: boolean;
  now: Date;
}

export const INVALID_SIGNUP_CODE_MESSAGE = 'Invalid signup code';

/** A code opens registration only while it is active at `now`: not revoked, not expired, not used up. */
export function isUsableCode(code: SignupCodeRecord | undefined, now: Date): code is SignupCodeRecord {
  return code !== undefined && accessCodeStatus(code, now) === 'active';
}

const invalidCode = () => new DomainError('forbidden', ERROR_CODES.invalidSignupCode, 'A valid pilot access code is required to register.', 'signup_code');

/**
 * Registers a pilot member. The code is checked before the account is written and counted after.
 * A taken e-mail uses up a limited code only when it is answered like a new account: a code's
 * uses would otherwise tell whether the address was free.
 */
export async function register(input: RegisterBody, code: string | undefined, deps: RegistrationDeps): Promise<{ user: UserRecord; taken: boolean }> {
  if (!code || !isUsableCode(await deps.getSignupCode(code), deps.now)) throw invalidCode();

  const createdAt = deps.now.toISOString();
  const email = input.email.trim();
  const user: UserRecord = {
    id: newId(),
    name: input.name,
    username: email.split('@')[0]!.toLowerCase(),
    email,
    passwordHash: await hashPassword(input.password),
    role: 'USER',
    provider: 'local',
    // Only the verification link proves the address: a pilot code says nothing about whose it is,
    // and an unproven address is never joined to a social sign-in (decision 0010).
    emailVerified: false,
    twoFactorEnabled: false,
    termsAccepted: false,
    avatar: null,
    profile: {
      city: input.city || undefined,
      state: input.state || undefined,
      birthday: input.birthday || undefined,
      whyHere: input.whyHere,
      lifeArena: input.lifeArena,
      identitySegment: input.identitySegment,
      currentBlock: input.currentBlock,
    },
    signupCode: code.toUpperCase(),
    createdAt,
    updatedAt: createdAt,
    lastLogin: createdAt,
  };

  try {
    await deps.createUser(user);
  } catch (error) {
    if (!deps.isEmailTaken(error)) throw error;
    if (deps.neutralWhenTaken) {
      await deps.consumeSignupCode(code, deps.now);
      return { user, taken: true };
    }
    throw new DomainError('conflict', ERROR_CODES.emailTaken, 'An account with this email already exists.', 'email');
  }
  // A limited code can run out between the check and here; the account stands, since the
  // person held a valid code when they started.
  await deps.consumeSignupCode(code, deps.now);
  return { user, taken: false };
}
