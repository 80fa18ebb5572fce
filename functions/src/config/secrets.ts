import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets from the environment on one machine (generated into .data/ by the local runtime), or
 * fetched once per cold start from Secrets Manager in AWS (the variable `<NAME>_ARN`).
 */
function secretLoader(variable: string, what: string): { get(): Promise<string>; reset(): void } {
  let cached: Promise<string> | undefined;
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
    get: () =>
      (cached ??= load().catch((error: unknown) => {
        cached = undefined;
        throw error;
      })),
    reset: () => {
      cached = undefined;
    },
  };
}

const jwtSecret = secretLoader('MELD_JWT_SECRET', 'JWT secret');
const userKeySecret = secretLoader('MELD_USER_KEY_SECRET', 'user-key encryption secret');
const edgeOriginKey = secretLoader('MELD_EDGE_ORIGIN_KEY', 'edge origin key');

/** The JWT signing key. */
export async function getJwtKey(): Promise<Uint8Array> {
  return new TextEncoder().encode(await jwtSecret.get());
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

/** Tests rotate the secrets between stacks. */
export function resetSecretsCache(): void {
  jwtSecret.reset();
  userKeySecret.reset();
  edgeOriginKey.reset();
}
