import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

interface SecretsFile {
  jwtSecret: string;
}

/** A fresh signing secret: 64 random bytes, hex-encoded. */
export function newJwtSecret(): string {
  return randomBytes(64).toString('hex');
}

/**
 * The JWT secret for one machine, generated on first start and kept in `<dataDir>/secrets.json`
 * (owner-only) so sign-ins survive restarts.
 */
export async function loadOrCreateJwtSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secrets.json');
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored !== undefined) {
    const secret = jwtSecretFrom(stored);
    if (!secret) throw new Error(`${file} holds no usable jwtSecret; delete it to generate a new one (this signs everyone out)`);
    await chmod(file, 0o600);
    return secret;
  }
  await mkdir(dataDir, { recursive: true });
  const secrets: SecretsFile = { jwtSecret: newJwtSecret() };
  // 'wx' so two starts racing on a fresh data directory cannot overwrite each other's secret.
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets.jwtSecret;
}

function jwtSecretFrom(text: string): string | undefined {
  try {
    const { jwtSecret } = JSON.parse(text) as Partial<SecretsFile>;
    return typeof jwtSecret === 'string' && jwtSecret.length >= 64 ? jwtSecret : undefined;
  } catch {
    return undefined;
  }
}
