import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let jwtKey: Promise<Uint8Array> | undefined;

/**
 * The JWT signing key: MELD_JWT_SECRET on one machine (generated into .data/ by the local
 * runtime), or fetched once per cold start from Secrets Manager in AWS.
 */
export function getJwtKey(): Promise<Uint8Array> {
  jwtKey ??= loadJwtKey().catch((error: unknown) => {
    jwtKey = undefined;
    throw error;
  });
  return jwtKey;
}

async function loadJwtKey(): Promise<Uint8Array> {
  const local = process.env.MELD_JWT_SECRET;
  if (local) return new TextEncoder().encode(local);
  const arn = process.env.MELD_JWT_SECRET_ARN;
  if (!arn) throw new Error('Neither MELD_JWT_SECRET nor MELD_JWT_SECRET_ARN is set');
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error('The JWT secret is empty');
  return new TextEncoder().encode(result.SecretString);
}

/** Tests rotate MELD_JWT_SECRET between stacks. */
export function resetSecretsCache(): void {
  jwtKey = undefined;
}
