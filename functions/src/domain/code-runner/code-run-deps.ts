import { randomUUID } from 'node:crypto';
import { DEFAULT_FILE_ENDPOINT } from '@meld/shared';
import { runCode } from '../../code-runner/client.ts';
import { getAppConfig } from '../../config/app-config.ts';
import { HttpError } from '../../http/errors.ts';
import { requestScope } from '../../http/request-scope.ts';
import { limitUploads } from '../../routes/files/file-deps.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { putFile } from '../../store/file-store.ts';
import { keys } from '../../store/keys.ts';
import { endpointRules } from '../files/file-rules.ts';
import type { CodeRunDeps } from './execute-code.ts';

/**
 * The sandbox client, the files bucket and the file store, as the route and the agents' tool use
 * them; a kept file counts against `userId`'s upload limits as an upload would.
 */
export function codeRunDeps(userId: string, now: Date): CodeRunDeps {
  const objects = bucketObjects('files');
  const config = getAppConfig();
  return {
    run: (request, signal) => runCode(request, signal ? { signal } : {}),
    newId: randomUUID,
    putBytes: objects.putBytes,
    putFile,
    objectKey: keys.fileObject,
    rules: endpointRules(config, DEFAULT_FILE_ENDPOINT),
    admitUpload: () =>
      limitUploads(config, userId, requestScope()?.ip ?? 'unknown', now).then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 429) return false;
          throw error;
        },
      ),
  };
}
