import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for small secrets at rest (users' API keys). The key-encryption secret may hold
 * several secrets separated by whitespace, newest first: values are encrypted with the first and
 * decrypted with whichever one their key id names, so the secret can rotate without losing keys.
 */

const IV_BYTES = 12;
/** Fixed, so a truncated tag is refused rather than checked on fewer bytes. */
const TAG_BYTES = 16;

export interface EncryptionKey {
  /** Stored with each value: which secret encrypted it. */
  id: string;
  key: Buffer;
}

export interface Sealed {
  kid: string;
  /** base64 */
  iv: string;
  tag: string;
  ciphertext: string;
}

/** The value could not be opened: unknown key id, wrong key, or changed bytes (the auth tag failed). */
export class UnsealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsealError';
  }
}

/** The keys derived from the secret's text; the first one encrypts. */
export function keysFromSecret(secret: string): EncryptionKey[] {
  const parts = secret.split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new Error('The key-encryption secret is empty');
  return parts.map((part) => ({
    id: createHash('sha256').update(`meld-kid:${part}`).digest('hex').slice(0, 16),
    key: Buffer.from(hkdfSync('sha256', part, '', 'meld user keys v1', 32)),
  }));
}

/** `context` (e.g. owner and name) is authenticated too, so a value copied to another item fails to open. */
export function seal(plaintext: string, keys: readonly EncryptionKey[], context: string): Sealed {
  const current = keys[0];
  if (!current) throw new Error('No encryption key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { kid: current.id, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
}

export function unseal(sealed: Sealed, keys: readonly EncryptionKey[], context: string): string {
  const key = keys.find((candidate) => candidate.id === sealed.kid);
  if (!key) throw new UnsealError(`No key-encryption secret with id ${sealed.kid}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnsealError('The value failed authentication');
  }
}
