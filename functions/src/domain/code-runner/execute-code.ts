import type { CodeLanguage, EndpointFileConfig, ToolAttachment } from '@meld/shared';
import type { CodeRunFile, CodeRunRequest, CodeRunResult } from '../../code-runner/types.ts';
import type { StoredFile } from '../../store/file-store.ts';
import { formatBytes } from '../files/file-rules.ts';
import { displayName, downloadPath, safeObjectName } from '../files/files.ts';
import { SNIFF_BYTES, sniffFileType } from '../files/file-types.ts';
import { imageSize } from '../files/image-size.ts';

/** The sandbox and the files bucket and store a run's files go to (wired in code-run-deps.ts). */
export interface CodeRunDeps {
  run(request: CodeRunRequest, signal?: AbortSignal): Promise<CodeRunResult>;
  newId(): string;
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  putFile(file: StoredFile): Promise<boolean>;
  objectKey(userId: string, fileId: string, safeName: string): string;
  /** The member's file rules (the default endpoint's), which a run's files are held to like uploads. */
  rules: EndpointFileConfig;
  /** Counts one kept file against the upload rate limits; false once they refuse (a violation is recorded). */
  admitUpload(): Promise<boolean>;
}

export interface CodeRunInput {
  userId: string;
  toolCallId: string;
  lang: CodeLanguage;
  code: string;
  signal?: AbortSignal;
  now: Date;
}

/** A run as the browser and the model read it: one text, and the files as attachments. */
export interface CodeRunOutcome {
  result: string;
  attachments: ToolAttachment[];
  /** The run as the sandbox answered, for the caller's own record. */
  run: CodeRunResult;
}

/** The run's readable text: each non-empty stream under its name, then the files it made, and those it could not keep. */
export function resultText(run: CodeRunResult, filenames: readonly string[], notKept: readonly string[] = []): string {
  const sections = [
    run.stdout && `stdout:\n${run.stdout}`,
    run.stderr && `stderr:\n${run.stderr}`,
    run.result !== undefined && !run.error && `result:\n${run.result}`,
    run.error && `error:\n${run.error}`,
    filenames.length > 0 && `files:\n${filenames.join('\n')}`,
    notKept.length > 0 && `files not kept:\n${notKept.join('\n')}`,
  ].filter((section): section is string => Boolean(section));
  return sections.length > 0 ? sections.join('\n\n') : 'The program finished without output.';
}

/** The type of a file the program wrote, from its content (never trusted to the name alone). */
function contentType(file: CodeRunFile, bytes: Uint8Array): string {
  const sniffed = sniffFileType(bytes.subarray(0, SNIFF_BYTES), { filename: file.name, mimeType: '' }, bytes.length <= SNIFF_BYTES);
  return sniffed.kind === 'type' ? sniffed.type : 'application/octet-stream';
}

/** Why a file the program wrote is not kept under the member's file rules, if it is not. */
function refusal(rules: EndpointFileConfig, bytes: Uint8Array, kept: { count: number; bytes: number }): string | undefined {
  if (rules.disabled) return 'files are turned off';
  if (kept.count >= rules.fileLimit) return `a run keeps at most ${rules.fileLimit} files (file limit)`;
  if (bytes.length === 0) return 'it is empty';
  if (bytes.length > rules.fileSizeLimit) return `it is larger than the ${formatBytes(rules.fileSizeLimit)} file size limit`;
  if (kept.bytes + bytes.length > rules.totalSizeLimit) return `the run's files together would pass the ${formatBytes(rules.totalSizeLimit)} total size limit`;
  if (sniffFileType(bytes.subarray(0, SNIFF_BYTES), { filename: '', mimeType: '' }, bytes.length <= SNIFF_BYTES).kind === 'executable') return 'programs cannot be kept';
  return undefined;
}

/** Keeps one generated file as the user's own (source execute_code), attached to the run. */
async function keepFile(deps: CodeRunDeps, input: CodeRunInput, file: CodeRunFile, bytes: Buffer): Promise<ToolAttachment> {
  const type = contentType(file, bytes);
  const fileId = deps.newId();
  const filename = displayName(file.name);
  const objectKey = deps.objectKey(input.userId, fileId, safeObjectName(filename));
  const size = imageSize(type, bytes.subarray(0, SNIFF_BYTES));
  await deps.putBytes(objectKey, bytes, type);
  const at = input.now.toISOString();
  await deps.putFile({
    file_id: fileId,
    user: input.userId,
    source: 'execute_code',
    context: 'message_attachment',
    bytes: bytes.length,
    filename,
    filepath: downloadPath(input.userId, fileId),
    type,
    ...(size ?? {}),
    temporary: false,
    createdAt: at,
    updatedAt: at,
    objectKey,
  });
  return { file_id: fileId, toolCallId: input.toolCallId, filename, filepath: downloadPath(input.userId, fileId), type, bytes: bytes.length, ...(size ?? {}) };
}

/**
 * Runs a program in the sandbox and keeps what it wrote to its scratch directory as the user's
 * files, held to the same rules as uploads: the count and sizes of the member's file rules and the
 * upload rate limits (a run could otherwise store files no upload could). Shared by a code
 * block's Run button and the agents' code tool.
 */
export async function executeCode(deps: CodeRunDeps, input: CodeRunInput): Promise<CodeRunOutcome> {
  const run = await deps.run({ lang: input.lang, code: input.code }, input.signal);
  const attachments: ToolAttachment[] = [];
  const notKept: string[] = [];
  const kept = { count: 0, bytes: 0 };
  let limited = false;
  for (const file of run.files) {
    const bytes = Buffer.from(file.base64, 'base64');
    const reason = limited ? 'the upload rate limit is reached' : refusal(deps.rules, bytes, kept);
    if (!reason && !(await deps.admitUpload())) limited = true;
    if (reason || limited) {
      notKept.push(`${displayName(file.name)}: ${reason ?? 'the upload rate limit is reached'}`);
      continue;
    }
    attachments.push(await keepFile(deps, input, file, bytes));
    kept.count += 1;
    kept.bytes += bytes.length;
  }
  return { result: resultText(run, attachments.map((attachment) => attachment.filename), notKept), attachments, run };
}
