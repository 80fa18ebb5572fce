import { ERROR_CODES } from '@meld/shared';
import { UnprocessedItemsError } from '../store/batch-retry.ts';
import { StorageUnavailableError } from '../store/blobs.ts';
import { HttpError } from './errors.ts';

/** What AWS calls a capacity refusal: DynamoDB's throughput and request limits, and generic throttling. */
const THROTTLING_NAMES = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'ThrottledException', 'SlowDown']);

interface AwsSdkError {
  name?: unknown;
  $retryable?: { throttling?: boolean };
  $metadata?: { httpStatusCode?: number };
}

/**
 * A failure of DynamoDB or S3 that outlasted the SDK's retries (or a batch's, for the items it left
 * unprocessed) because the service is throttling or briefly unavailable. The request did nothing wrong and may succeed in a moment: it deserves
 * a 503 the browser can show, not an internal error.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof StorageUnavailableError || error instanceof UnprocessedItemsError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const sdk = error as AwsSdkError;
  return (typeof sdk.name === 'string' && THROTTLING_NAMES.has(sdk.name)) || sdk.$retryable?.throttling === true || sdk.$metadata?.httpStatusCode === 503;
}

export const RETRY_AFTER_SECONDS = 2;

export function serviceUnavailable(): HttpError {
  return new HttpError(503, ERROR_CODES.serviceUnavailable, 'Meld is very busy right now and could not save or load that. Please try again in a moment.', {}, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}
