import { describe, expect, it } from 'vitest';
import { keysFromSecret, seal, unseal, UnsealError, type Sealed } from './envelope.ts';

const keys = keysFromSecret('first-secret-of-sixty-four-characters-or-so');
const flip = (base64: string) => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString('base64');
};

describe('envelope encryption', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = seal('sk-live-123', keys, 'user-1/openAI');
    expect(JSON.stringify(sealed)).not.toContain('sk-live-123');
    expect(unseal(sealed, keys, 'user-1/openAI')).toBe('sk-live-123');
  });

  it('uses a fresh 12-byte IV for every value', () => {
    const a = seal('same', keys, 'c');
    const b = seal('same', keys, 'c');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it.each([
    ['ciphertext', (s: Sealed) => ({ ...s, ciphertext: flip(s.ciphertext) })],
    ['auth tag', (s: Sealed) => ({ ...s, tag: flip(s.tag) })],
    ['truncated auth tag', (s: Sealed) => ({ ...s, tag: Buffer.from(s.tag, 'base64').subarray(0, 4).toString('base64') })],
    ['IV', (s: Sealed) => ({ ...s, iv: flip(s.iv) })],
  ])('refuses a value whose %s was changed', (_, tamper) => {
    const sealed = seal('sk-live-123', keys, 'ctx');
    expect(() => unseal(tamper(sealed), keys, 'ctx')).toThrow(UnsealError);
  });

  it('refuses a value moved to another owner or name', () => {
    const sealed = seal('sk-live-123', keys, 'user-1/openAI');
    expect(() => unseal(sealed, keys, 'user-2/openAI')).toThrow(UnsealError);
  });

  it('refuses to open with a different secret', () => {
    const sealed = seal('sk-live-123', keys, 'ctx');
    const other = keysFromSecret('another-secret');
    expect(() => unseal(sealed, other, 'ctx')).toThrow(/No key-encryption secret/);
    expect(() => unseal(sealed, [{ ...other[0]!, id: sealed.kid }], 'ctx')).toThrow(UnsealError);
  });

  it('keeps old values readable after rotation, and seals new ones with the newest secret', () => {
    const old = seal('sk-old', keys, 'ctx');
    const rotated = keysFromSecret('newer-secret first-secret-of-sixty-four-characters-or-so');
    expect(unseal(old, rotated, 'ctx')).toBe('sk-old');
    const fresh = seal('sk-new', rotated, 'ctx');
    expect(fresh.kid).toBe(rotated[0]!.id);
    expect(fresh.kid).not.toBe(old.kid);
    expect(() => unseal(fresh, keys, 'ctx')).toThrow(UnsealError);
  });

  it('refuses an empty secret', () => {
    expect(() => keysFromSecret('  ')).toThrow(/empty/);
  });
});
