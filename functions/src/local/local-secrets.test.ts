import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './local-secrets.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'meld-secrets-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('local secrets', () => {
  it('generates both secrets once, owner-only, and returns the same ones on the next start', async () => {
    const first = await loadOrCreateSecrets(join(dataDir, 'fresh'));
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{128}$/);
    expect(first.userKeySecret).toMatch(/^[0-9a-f]{128}$/);
    expect(first.userKeySecret).not.toBe(first.jwtSecret);
    expect((await stat(join(dataDir, 'fresh', 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecrets(join(dataDir, 'fresh'))).toEqual(first);
  });

  it('adds the user-key secret to a data directory made before it existed, keeping the JWT secret', async () => {
    const jwtSecret = 'a'.repeat(128);
    await writeFile(join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret }));
    const secrets = await loadOrCreateSecrets(dataDir);
    expect(secrets.jwtSecret).toBe(jwtSecret);
    expect(secrets.userKeySecret).toMatch(/^[0-9a-f]{128}$/);
    expect(JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8'))).toEqual(secrets);
  });

  it('refuses a file without a usable JWT secret instead of signing everyone out', async () => {
    await writeFile(join(dataDir, 'secrets.json'), '{"jwtSecret":"short"}');
    await expect(loadOrCreateSecrets(dataDir)).rejects.toThrow(/no usable jwtSecret/);
  });
});
