import { ERROR_CODES, type EndpointFileConfig, type FileRecord, type Message } from '@meld/shared';
import type { ChatImage, ImageDetail } from '../../providers/llm/types.ts';
import { DomainError } from '../errors.ts';
import { attachmentKind, extractText } from '../files/attachments-text.ts';
import { imageTokens } from '../files/attachments-tokens.ts';
import { checkBatch, FileLimitError } from '../files/file-rules.ts';

/** A stored file as the chat reads it: the record, where its bytes are, and its text once extracted. */
export type AttachableFile = FileRecord & { objectKey: string; extractedText?: string };

export interface AttachmentDeps {
  /** The user's own files among `fileIds` (another user's are simply not found). */
  getFiles(userId: string, fileIds: string[]): Promise<AttachableFile[]>;
  readBytes(file: AttachableFile): Promise<Uint8Array>;
  /** Keeps a document's text on its file item, so a resend does not extract it again. */
  cacheText(userId: string, fileId: string, text: string): Promise<void>;
  /** The files are part of a sent message now: a new chat no longer clears them. */
  markAttached(userId: string, fileIds: string[]): Promise<void>;
}

/** What one message's files add to its turn. */
export interface MessageAttachments {
  images: ChatImage[];
  documents: Array<{ filename: string; text: string }>;
}

export interface AttachmentOptions {
  /** The model reads images (context-window.ts); else an image in the new message is refused. */
  vision: boolean;
  detail: ImageDetail;
  /**
   * The file rules of the endpoint the message goes to. A file uploaded under another endpoint's
   * rules (the model changed after attaching) is held to these too, as the composer warns.
   */
  rules?: EndpointFileConfig;
}

const invalid = (message: string) => new DomainError('invalid', ERROR_CODES.validation, message, 'files');

/**
 * The files the new message names, all the user's own and all readable by the model; refused
 * (404 for one not found, 400 for one the model cannot read) before anything is written.
 */
export async function filesToAttach(userId: string, requested: ReadonlyArray<{ file_id: string }> | undefined, options: AttachmentOptions, deps: AttachmentDeps): Promise<AttachableFile[]> {
  const ids = [...new Set((requested ?? []).map((file) => file.file_id))];
  if (ids.length === 0) return [];
  const found = new Map((await deps.getFiles(userId, ids)).map((file) => [file.file_id, file]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new DomainError('not-found', ERROR_CODES.notFound, `The attached file ${missing} was not found; remove it and attach it again.`, 'files');
  const files = ids.map((id) => found.get(id) as AttachableFile);
  if (options.rules) refuseByRules(files, options.rules);
  for (const file of files) {
    const kind = attachmentKind(file.type, file.filename);
    if (kind === 'other') throw invalid(`${file.filename} cannot be read by the model: attach images, PDFs or text files.`);
    if (kind === 'image' && !options.vision) throw invalid(`This model cannot see images: choose a vision model or remove ${file.filename}.`);
  }
  return files;
}

/** The endpoint's limits on one message's files: whether it takes files, how many, which types, how large. */
function refuseByRules(files: readonly AttachableFile[], rules: EndpointFileConfig): void {
  checkBatch(rules, files);
  const refused = files.find((file) => !rules.supportedMimeTypes.includes(file.type));
  if (refused) throw new FileLimitError(`${refused.filename} (${refused.type}) is not a file type this endpoint takes: remove it or choose another model.`, 'type');
}

/** The files as the user message keeps them, so the conversation shows them after a reload. */
export function messageFiles(files: AttachableFile[]): NonNullable<Message['files']> {
  return files.map((file) => ({
    file_id: file.file_id,
    filename: file.filename,
    filepath: file.filepath,
    type: file.type,
    bytes: file.bytes,
    ...(file.width ? { width: file.width } : {}),
    ...(file.height ? { height: file.height } : {}),
  }));
}

/**
 * Each user message's files as the model receives them. Earlier messages' files go again
 * unless the conversation's resendFiles is off; a file deleted since is left out, and so are
 * earlier images when the model cannot read them.
 */
export async function loadAttachments(userId: string, branch: Message[], current: { message: Message; files: AttachableFile[] }, options: AttachmentOptions & { resend: boolean }, deps: AttachmentDeps): Promise<Map<string, MessageAttachments>> {
  const known = new Map(current.files.map((file) => [file.file_id, file]));
  const earlier = options.resend ? branch.filter((message) => message.isCreatedByUser && message.messageId !== current.message.messageId && message.files?.length) : [];
  // A regenerated or continued message's own files are loaded here too: they were checked when it was sent.
  const wanted = [...new Set([...earlier, current.message].flatMap((message) => (message.files ?? []).map((file) => file.file_id)))].filter((id) => !known.has(id));
  if (wanted.length) for (const file of await deps.getFiles(userId, wanted)) known.set(file.file_id, file);

  const result = new Map<string, MessageAttachments>();
  for (const message of [...earlier, current.message]) {
    const files = (message.files ?? []).flatMap((ref) => known.get(ref.file_id) ?? []);
    if (files.length) result.set(message.messageId, await attachmentsOf(userId, files, options, deps));
  }
  return result;
}

async function attachmentsOf(userId: string, files: AttachableFile[], options: AttachmentOptions, deps: AttachmentDeps): Promise<MessageAttachments> {
  const attachments: MessageAttachments = { images: [], documents: [] };
  for (const file of files) {
    const kind = attachmentKind(file.type, file.filename);
    if (kind === 'image') {
      if (!options.vision) continue;
      const base64 = Buffer.from(await deps.readBytes(file)).toString('base64');
      attachments.images.push({ mimeType: file.type, base64, detail: options.detail, tokens: imageTokens(file.width, file.height, options.detail) });
    } else if (kind !== 'other') {
      attachments.documents.push({ filename: file.filename, text: await documentText(userId, file, kind, deps) });
    }
  }
  return attachments;
}

/** A document's text: kept on its file item once read, else extracted (and kept). File search reads it too. */
export async function documentText(userId: string, file: AttachableFile, kind: 'pdf' | 'text', deps: Pick<AttachmentDeps, 'readBytes' | 'cacheText'>): Promise<string> {
  if (file.extractedText !== undefined) return file.extractedText;
  let text: string;
  try {
    text = await extractText(kind, await deps.readBytes(file));
  } catch {
    throw new DomainError('unprocessable', ERROR_CODES.validation, `The text of ${file.filename} could not be read; the file may be damaged or protected.`, 'files');
  }
  await deps.cacheText(userId, file.file_id, text);
  return text;
}
