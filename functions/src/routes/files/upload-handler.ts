import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getAppConfig } from '../../config/app-config.ts';
import { apiUploadSizeLimit } from '../../domain/files/file-rules.ts';
import { uploadFiles } from '../../domain/files/upload.ts';
import type { AuthContext } from '../../http/auth.ts';
import { readMultipart } from '../../http/multipart.ts';
import { reply } from '../../http/reply.ts';
import { publicFile } from '../../store/file-store.ts';
import { fileDeps, limitUploads } from './file-deps.ts';

/** The file size the multipart reader stops at: above any body API Gateway lets through, so the file rules answer first. */
const MULTIPART_CEILING = 64 * 1024 * 1024;

/** POST /api/files and /api/files/images: multipart `file` parts with `endpoint`, `file_id` and `temp_file_id`. */
export async function handleUpload(request: { auth: AuthContext; ip: string; now: Date; event: APIGatewayProxyEventV2 }, imagesOnly: boolean) {
  const config = getAppConfig();
  const { userId } = request.auth;
  await limitUploads(config, userId, request.ip, request.now);
  const form = await readMultipart(request.event, { maxFileBytes: MULTIPART_CEILING, maxFiles: 100, maxFields: 10 });
  const files = await uploadFiles(
    userId,
    {
      parts: form.files.filter((file) => file.field === 'file'),
      endpoint: form.fields.get('endpoint'),
      fileId: form.fields.get('file_id'),
      tempFileId: form.fields.get('temp_file_id'),
      imagesOnly,
      apiUploadSizeLimit: apiUploadSizeLimit(config),
    },
    fileDeps(config, userId, request.now),
  );
  const message = files.length === 1 ? 'File uploaded and processed successfully' : 'Files uploaded and processed successfully';
  return reply({ message, files: files.map(publicFile) }, { status: 201 });
}
