import type { ApiErrorBody } from '@meld/shared';
import { ApiError } from './api-error.ts';
import { refreshSession } from './api-client.ts';
import { getAccessToken } from './auth-session.ts';

/**
 * A stored file's bytes through its download path (`/api/files/download/{user}/{file}`): the
 * route answers with a redirect to a short-lived presigned URL, which fetch follows (the bearer
 * is not sent on to storage). The bearer is renewed once when it has expired, as API calls do.
 */
export async function fetchStoredFile(filepath: string, signal?: AbortSignal): Promise<Blob> {
  const get = (token: string | null) => fetch(filepath, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin', signal });
  let response: Response;
  try {
    response = await get(getAccessToken());
    if (response.status === 401) {
      const { token } = await refreshSession();
      if (token) response = await get(token);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, {}, 'Network request failed');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, body, `Download failed with status ${response.status}`);
  }
  return response.blob();
}
