import { AwsClient } from 'aws4fetch';
import { env } from '../config/env.ts';

/**
 * A SigV4 signer for plain fetch calls to an AWS service (S3, Polly). Where a call needs only a
 * signature, aws4fetch with the runtime's own fetch and WebCrypto replaces an SDK client that
 * would add 50-200 KB to the Lambda. Credentials come from the environment, where Lambda (and
 * the local runtime) put them; a change of them (rotated keys, another session) makes a new signer.
 */
const signers = new Map<string, { id: string; client: AwsClient }>();

/**
 * `retries`: how often a 5xx or throttled call is tried again (with backoff); aws4fetch's own
 * default (10) suits S3, a listener waiting for speech wants fewer.
 */
export function awsSigner(service: string, options: { region?: string; retries?: number } = {}): AwsClient {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY ?? '';
  const sessionToken = process.env.AWS_SESSION_TOKEN || undefined;
  const region = options.region ?? env.region();
  const id = `${accessKeyId}:${sessionToken ?? ''}:${region}:${options.retries ?? ''}`;
  const known = signers.get(service);
  if (known?.id === id) return known.client;
  const client = new AwsClient({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), service, region, ...(options.retries === undefined ? {} : { retries: options.retries }) });
  signers.set(service, { id, client });
  return client;
}
