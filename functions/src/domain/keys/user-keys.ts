import { ERROR_CODES, type UpdateKeyBody, type UserKeyInfo } from '@meld/shared';
import { seal, unseal, UnsealError, type EncryptionKey } from '../../crypto/envelope.ts';
import type { AvailableEndpoint } from '../../providers/llm/endpoints.ts';
import type { StoredUserKey } from '../../store/user-key-store.ts';
import { DomainError } from '../errors.ts';
import { UserKeyError } from './user-key-errors.ts';

export interface UserKeyDeps {
  store: {
    putUserKey(userId: string, key: StoredUserKey): Promise<void>;
    getUserKey(userId: string, name: string): Promise<StoredUserKey | undefined>;
    listUserKeys(userId: string): Promise<UserKeyInfo[]>;
    deleteUserKey(userId: string, name: string): Promise<boolean>;
    deleteAllUserKeys(userId: string): Promise<number>;
  };
  /** The key-encryption keys, newest first; read only when a value is sealed or opened. */
  encryptionKeys(): Promise<EncryptionKey[]>;
  /** The configured endpoints. */
  endpoints(): AvailableEndpoint[];
}

/** Authenticated with the ciphertext: a value copied to another user or endpoint does not open. */
const sealContext = (userId: string, name: string) => `${userId}\n${name}`;

export async function listKeys(userId: string, deps: UserKeyDeps): Promise<{ keys: UserKeyInfo[] }> {
  const keys = await deps.store.listUserKeys(userId);
  return { keys: keys.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** Stores (or replaces) the user's key for an endpoint configured with `user_provided`. */
export async function saveKey(userId: string, body: UpdateKeyBody, now: Date, deps: UserKeyDeps): Promise<UserKeyInfo> {
  const endpoint = deps.endpoints().find((candidate) => candidate.name === body.name);
  if (!endpoint?.userProvidesKey) {
    throw new DomainError('invalid', ERROR_CODES.validation, `"${body.name}" is not an endpoint that takes your own key`, 'name');
  }
  const expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('invalid', ERROR_CODES.validation, 'Expiry must be in the future', 'expiresAt');
  }
  const sealed = seal(body.value, await deps.encryptionKeys(), sealContext(userId, body.name));
  const stored = { name: body.name, sealed, expiresAt: expiresAt?.toISOString() ?? null, updatedAt: now.toISOString() };
  await deps.store.putUserKey(userId, stored);
  return { name: stored.name, expiresAt: stored.expiresAt };
}

export async function deleteKey(userId: string, name: string, deps: UserKeyDeps): Promise<{ deleted: boolean }> {
  return { deleted: await deps.store.deleteUserKey(userId, name) };
}

export async function deleteAllKeys(userId: string, deps: UserKeyDeps): Promise<{ deleted: number }> {
  return { deleted: await deps.store.deleteAllUserKeys(userId) };
}

/**
 * The chat pipeline's entry point: the user's key for `endpointName`, decrypted. Throws a
 * UserKeyError (a ProviderError) typed `no_user_key` when none is stored, `expired_user_key`
 * (with endpoint and expiry) when it has expired, and `invalid_user_key` when it no longer opens
 * (the key-encryption secret was replaced without keeping the old one): the user sets it again.
 */
export async function getUserKey(userId: string, endpointName: string, now: Date, deps: Pick<UserKeyDeps, 'store' | 'encryptionKeys'>): Promise<string> {
  const stored = await deps.store.getUserKey(userId, endpointName);
  if (!stored) throw new UserKeyError('no_user_key', endpointName);
  if (stored.expiresAt && Date.parse(stored.expiresAt) <= now.getTime()) throw new UserKeyError('expired_user_key', endpointName, stored.expiresAt);
  try {
    return unseal(stored.sealed, await deps.encryptionKeys(), sealContext(userId, endpointName));
  } catch (error) {
    if (error instanceof UnsealError) throw new UserKeyError('invalid_user_key', endpointName);
    throw error;
  }
}

/** The user's key when the endpoint is configured with `user_provided`, else undefined (the server's key is used). */
export async function userKeyForEndpoint(userId: string, endpointName: string, now: Date, deps: UserKeyDeps): Promise<string | undefined> {
  const endpoint = deps.endpoints().find((candidate) => candidate.name === endpointName);
  return endpoint?.userProvidesKey ? getUserKey(userId, endpointName, now, deps) : undefined;
}
