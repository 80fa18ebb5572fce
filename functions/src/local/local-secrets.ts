import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  /** Encrypts users' own API keys at rest. */
  userKeySecret: string;
}

/** A fresh secret: 64 random bytes, hex-encoded. */
export function newSecret(): string {
  return randomBytes(64).toString('hex');
}

/**
 * The secrets for one machine, generated on first start and kept in `<dataDir>/secrets.json`
 * (owner-only) so sign-ins and stored API keys survive restarts. A file from before a secret
 * existed gets that secret added; one already there is never replaced.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = join(dataDir, 'secrets.json');
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored === undefined) {
    await mkdir(dataDir, { recursive: true });
    const secrets: LocalSecrets = { jwtSecret: newSecret(), userKeySecret: newSecret() };
    // 'wx' so two starts racing on a fresh data directory cannot overwrite each other's secret.
    await writeFile(file, serialize(secrets), { mode: 0o600, flag: 'wx' });
    return secrets;
  }
  const { jwtSecret, userKeySecret } = parse(stored);
  if (!jwtSecret) throw new Error(`${file} holds no usable jwtSecret; delete it to generate a new one (this signs everyone out)`);
  if (!userKeySecret) {
    const secrets = { jwtSecret, userKeySecret: newSecret() };
    await writeFile(file, serialize(secrets), { mode: 0o600 });
    return secrets;
  }
  await chmod(file, 0o600);
  return { jwtSecret, userKeySecret };
}

const serialize = (secrets: LocalSecrets) => `${JSON.stringify(secrets, null, 2)}\n`;

function parse(text: string): Partial<LocalSecrets> {
  const usable = (value: unknown) => (typeof value === 'string' && value.length >= 64 ? value : undefined);
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return { jwtSecret: usable(parsed.jwtSecret), userKeySecret: usable(parsed.userKeySecret) };
  } catch {
    return {};
  }
}
