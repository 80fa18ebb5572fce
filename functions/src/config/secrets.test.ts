import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveApiKey } from '../providers/llm/endpoints.ts';
import { loadServerKeys, resetSecretsCache } from './secrets.ts';

const secrets = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:meld-server-keys';
const NAMES = ['MELD_TEST_OPENAI_KEY', 'MELD_TEST_GOOGLE_KEY'];

beforeEach(() => {
  secrets.reset();
  resetSecretsCache();
  process.env.MELD_SERVER_KEYS_ARN = ARN;
  for (const name of NAMES) delete process.env[name];
});

afterEach(() => {
  delete process.env.MELD_SERVER_KEYS_ARN;
  for (const name of NAMES) delete process.env[name];
  resetSecretsCache();
});

describe('server keys from Secrets Manager', () => {
  it('makes the config’s ${NAME} keys resolvable, reading the secret once per cold start', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: JSON.stringify({ MELD_TEST_OPENAI_KEY: 'sk-from-the-secret' }) });
    expect(() => resolveApiKey('${MELD_TEST_OPENAI_KEY}')).toThrow(/MELD_TEST_OPENAI_KEY is not set/);
    await Promise.all([loadServerKeys(), loadServerKeys()]);
    await loadServerKeys();
    expect(resolveApiKey('${MELD_TEST_OPENAI_KEY}')).toBe('sk-from-the-secret');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('leaves a variable that is already set alone, and skips empty values', async () => {
    process.env.MELD_TEST_OPENAI_KEY = 'sk-set-by-the-operator';
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ MELD_TEST_OPENAI_KEY: 'sk-from-the-secret', MELD_TEST_GOOGLE_KEY: '' }) });
    await loadServerKeys();
    expect(process.env.MELD_TEST_OPENAI_KEY).toBe('sk-set-by-the-operator');
    expect(process.env.MELD_TEST_GOOGLE_KEY).toBeUndefined();
  });

  it('refuses a secret that is not a JSON object, and tries again on the next call', async () => {
    secrets.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'sk-just-a-key' }).resolves({ SecretString: JSON.stringify({ MELD_TEST_GOOGLE_KEY: 'goog-key' }) });
    await expect(loadServerKeys()).rejects.toThrow(/JSON object of variable names and keys/);
    await loadServerKeys();
    expect(process.env.MELD_TEST_GOOGLE_KEY).toBe('goog-key');
  });

  it('asks nothing where no secret is named (one machine, or a config without ${NAME} keys)', async () => {
    delete process.env.MELD_SERVER_KEYS_ARN;
    await loadServerKeys();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
