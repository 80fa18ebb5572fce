import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { signingKeysFrom, type SigningKeys } from '../domain/auth/signing-keys.ts';

/**
 * Secrets from the environment on one machine (generated into .data/ by the local runtime), or
 * fetched once per cold start from Secrets Manager in AWS (the variable `<NAME>_ARN`).
 */
function secretLoader(variable: string, what: string, maxAgeMs = Infinity): { get(): Promise<string>; reset(): void } {
  let cached: Promise<string> | undefined;
  let loadedAt = 0;
  /** The last value read: a refresh that fails (Secrets Manager down) keeps serving it. */
  let last: string | undefined;
  const load = async () => {
    const local = process.env[variable];
    if (local) return local;
    const arn = process.env[`${variable}_ARN`];
    if (!arn) throw new Error(`Neither ${variable} nor ${variable}_ARN is set`);
    const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!result.SecretString) throw new Error(`The ${what} is empty`);
    return result.SecretString;
  };
  return {
    get: () => {
      if (cached && Date.now() - loadedAt > maxAgeMs) cached = undefined;
      if (!cached) loadedAt = Date.now();
      return (cached ??= load().then(
        (value) => (last = value),
        (error: unknown) => {
          cached = undefined;
          if (last !== undefined) return last;
          throw error;
        },
      ));
    },
    reset: () => {
      cached = undefined;
      last = undefined;
    },
  };
}

/**
 * How long a warm function keeps the JWT keys before reading them again: a rotation's new key
 * reaches every function within this, which is how long each step of the procedure waits.
 */
export const JWT_KEYS_MAX_AGE_MS = 5 * 60_000;

const jwtSecret = secretLoader('MELD_JWT_SECRET', 'JWT secret', JWT_KEYS_MAX_AGE_MS);
const userKeySecret = secretLoader('MELD_USER_KEY_SECRET', 'user-key encryption secret');
const edgeOriginKey = secretLoader('MELD_EDGE_ORIGIN_KEY', 'edge origin key');

/** The keys of Meld's own tokens: the secret lists them whitespace apart, the signing one first. */
export async function getJwtKeys(): Promise<SigningKeys> {
  return signingKeysFrom(await jwtSecret.get());
}

/** The secret that encrypts users' own API keys; whitespace separates rotated secrets, newest first. */
export function getUserKeySecret(): Promise<string> {
  return userKeySecret.get();
}

/**
 * The key CloudFront sends to our origins, or undefined where nothing sits in front of the
 * functions (the local runtime): then no request can prove it came through CloudFront.
 */
export function getEdgeOriginKey(): Promise<string | undefined> {
  if (!process.env.MELD_EDGE_ORIGIN_KEY && !process.env.MELD_EDGE_ORIGIN_KEY_ARN) return Promise.resolve(undefined);
  return edgeOriginKey.get();
}

let serverKeysLoaded: Promise<void> | undefined;

/**
 * In AWS, the server's own provider keys (the app config's `${NAME}` references) are one JSON
 * object in Secrets Manager, named by MELD_SERVER_KEYS_ARN; once per cold start they are copied
 * into the environment, where `resolveApiKey` reads them. A variable already set wins. Without
 * the variable (one machine, or no `${NAME}` in the config) there is nothing to do.
 */
export function loadServerKeys(): Promise<void> {
  const arn = process.env.MELD_SERVER_KEYS_ARN;
  if (!arn) return Promise.resolve();
  return (serverKeysLoaded ??= (async () => {
    const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    let keys: unknown;
    try {
      keys = JSON.parse(result.SecretString ?? '{}');
    } catch {
      throw new Error('The server keys secret is not a JSON object of variable names and keys');
    }
    if (!keys || typeof keys !== 'object' || Array.isArray(keys)) throw new Error('The server keys secret is not a JSON object of variable names and keys');
    for (const [name, value] of Object.entries(keys)) {
      if (typeof value === 'string' && value !== '' && !process.env[name]) process.env[name] = value;
    }
  })().catch((error: unknown) => {
    serverKeysLoaded = undefined;
    throw error;
  }));
}

/** Tests rotate the secrets between stacks. */
export function resetSecretsCache(): void {
  jwtSecret.reset();
  userKeySecret.reset();
  edgeOriginKey.reset();
  serverKeysLoaded = undefined;
}
