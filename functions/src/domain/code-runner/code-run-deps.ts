import { randomUUID } from 'node:crypto';
import { runCode } from '../../code-runner/client.ts';
import { bucketObjects } from '../../store/blobs.ts';
import { putFile } from '../../store/file-store.ts';
import { keys } from '../../store/keys.ts';
import type { CodeRunDeps } from './execute-code.ts';

/** The sandbox client, the files bucket and the file store, as the route and the agents' tool use them. */
export function codeRunDeps(): CodeRunDeps {
  const objects = bucketObjects('files');
  return {
    run: (request, signal) => runCode(request, signal ? { signal } : {}),
    newId: randomUUID,
    putBytes: objects.putBytes,
    putFile,
    objectKey: keys.fileObject,
  };
}
