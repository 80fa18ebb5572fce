import { isApiError } from '@/lib/api-error.ts';

type SubmitErrorKey = 'interest.networkError' | 'interest.rateLimited' | 'interest.submitError';

/** The banner under a failed submit: offline and too many tries say so; anything else is the spec's sentence. */
export function submitErrorKey(error: unknown): SubmitErrorKey {
  if (isApiError(error) && error.isNetworkError) return 'interest.networkError';
  if (isApiError(error) && error.status === 429) return 'interest.rateLimited';
  return 'interest.submitError';
}
