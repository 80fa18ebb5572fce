import type { FileConfig, FileRecord } from '@meld/shared';
import { apiRequest } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { isImageType, typeOf } from './attachments-rules.ts';

export interface UploadOptions {
  endpoint: string;
  config: FileConfig;
  /** The browser's id for the upload, echoed by the server. */
  tempId: string;
  /** 0 to 1; a small file reports only its end, a large one each chunk sent to storage. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * Uploads one attachment: through the API (`/api/files/images` for images a model can see,
 * `/api/files` for the rest) when it is small enough for a request, else straight to storage
 * with a presigned PUT that the API then checks and confirms.
 */
export async function uploadAttachment(file: File, options: UploadOptions): Promise<FileRecord> {
  const type = typeOf(file);
  const image = isImageType(type);
  if (file.size > options.config.apiUploadSizeLimit) return uploadToStorage(file, type, image, options);
  const form = new FormData();
  form.set('endpoint', options.endpoint);
  form.set('temp_file_id', options.tempId);
  form.append('file', file, file.name);
  const answer = await apiRequest(image ? 'uploadImages' : 'uploadFiles', { form, signal: options.signal });
  options.onProgress(1);
  const [record] = answer.files;
  if (!record) throw new ApiError(500, {}, 'The server kept no file');
  return record;
}

async function uploadToStorage(file: File, type: string, image: boolean, options: UploadOptions): Promise<FileRecord> {
  const target = await apiRequest('createUpload', { body: { filename: file.name, type, bytes: file.size, endpoint: options.endpoint, temp_file_id: options.tempId, image }, signal: options.signal });
  await putWithProgress(target.url, target.headers, file, options);
  return apiRequest('confirmUpload', { params: { fileId: target.file_id }, signal: options.signal });
}

/** fetch reports no upload progress; XMLHttpRequest does. */
function putWithProgress(url: string, headers: Record<string, string>, file: File, { onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    // The browser sets content-length itself and refuses to be told it.
    for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'content-length') request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new ApiError(request.status, {}, `Storage refused the upload (${request.status})`)));
    request.onerror = () => reject(new ApiError(0, {}, 'Network request failed'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
