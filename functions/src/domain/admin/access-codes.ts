import { randomInt } from 'node:crypto';
import { ADMIN_LIMITS, ADMIN_MESSAGES, ERROR_CODES, type AccessCode, type AccessCodeStatus, type CreateAccessCodeBody } from '@meld/shared';
import type { SignupCodeRecord } from '../../store/signup-code-store.ts';
import { DomainError } from '../errors.ts';

/**
 * Pilot access codes as the admin panel manages them (decision 0017): created with an optional
 * usage cap and expiry, listed with their uses, revoked without losing their history.
 */

export interface AccessCodeDeps {
  createSignupCode(record: SignupCodeRecord): Promise<boolean>;
  listSignupCodes(): Promise<SignupCodeRecord[]>;
  revokeSignupCode(code: string, at: string): Promise<SignupCodeRecord | undefined>;
}

/** Letters and digits that cannot be misread for one another when typed from a slide or a flyer. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_PREFIX = 'PILOT-';
/** How often a generated code is drawn again when it collides with an existing one. */
const GENERATION_ATTEMPTS = 5;

/** Derived on every read, so a code expires or runs out without anything writing to it. Revoked wins over expired, expired over used up. */
export function accessCodeStatus(record: SignupCodeRecord, now: Date): AccessCodeStatus {
  if (!record.active || record.revokedAt) return 'revoked';
  if (record.expiresAt && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  if (record.maxUses !== null && record.uses >= record.maxUses) return 'used up';
  return 'active';
}

export function accessCodeView(record: SignupCodeRecord, now: Date): AccessCode {
  return {
    code: record.code,
    status: accessCodeStatus(record, now),
    uses: record.uses,
    maxUses: record.maxUses,
    expiresAt: record.expiresAt ?? null,
    createdAt: record.createdAt,
    revokedAt: record.revokedAt ?? null,
  };
}

/** PILOT- and characters drawn uniformly (crypto random) from the look-alike-free alphabet. */
export function generateAccessCode(): string {
  let suffix = '';
  for (let i = 0; i < ADMIN_LIMITS.generatedCodeLength; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${GENERATED_CODE_PREFIX}${suffix}`;
}

const codeTaken = () => new DomainError('conflict', ERROR_CODES.conflict, ADMIN_MESSAGES.codeTaken, 'code');

/**
 * Creates a code, the admin's own or a generated one. A name already in use is a 409 for the
 * admin's own code; a generated one is drawn again.
 */
export async function createAccessCode(input: CreateAccessCodeBody, adminId: string, deps: Pick<AccessCodeDeps, 'createSignupCode'>, now: Date): Promise<AccessCode> {
  if (input.expiresAt !== null && Date.parse(input.expiresAt) <= now.getTime()) {
    throw new DomainError('invalid', ERROR_CODES.validation, 'expiresAt must be in the future', 'expiresAt');
  }
  const attempts = input.code ? 1 : GENERATION_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const record: SignupCodeRecord = {
      code: input.code ?? generateAccessCode(),
      active: true,
      maxUses: input.maxUses,
      uses: 0,
      expiresAt: input.expiresAt,
      createdBy: adminId,
      createdAt: now.toISOString(),
    };
    if (await deps.createSignupCode(record)) return accessCodeView(record, now);
  }
  throw codeTaken();
}

export async function listAccessCodes(deps: Pick<AccessCodeDeps, 'listSignupCodes'>, now: Date): Promise<AccessCode[]> {
  return (await deps.listSignupCodes()).map((record) => accessCodeView(record, now));
}

/** Revokes a code; a repeat answers it as it stands. */
export async function revokeAccessCode(code: string, deps: Pick<AccessCodeDeps, 'revokeSignupCode'>, now: Date): Promise<AccessCode> {
  const revoked = await deps.revokeSignupCode(code, now.toISOString());
  if (!revoked) throw new DomainError('not-found', ERROR_CODES.notFound, ADMIN_MESSAGES.codeNotFound);
  return accessCodeView(revoked, now);
}
