import * as z from 'zod';
import { messagePartSchema } from '@meld/shared';
import { pickSettings } from './build.ts';
import { joinBlocks, notImported } from './markdown.ts';
import { keepOnly } from './tree.ts';
import { isRecord, toEpochMs, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const exportedMessage = z.looseObject({
  messageId: z.string().min(1).max(200),
  parentMessageId: z.string().max(200).nullish(),
  text: z.string().nullish(),
  content: z.array(z.unknown()).nullish(),
  sender: z.string().max(200).nullish(),
  isCreatedByUser: z.boolean().nullish(),
  model: z.string().max(200).nullish(),
  endpoint: z.string().max(100).nullish(),
  error: z.boolean().nullish(),
  unfinished: z.boolean().nullish(),
  finish_reason: z.string().max(100).nullish(),
  createdAt: z.union([z.string(), z.number()]).nullish(),
  files: z.array(z.unknown()).nullish(),
  attachments: z.array(z.unknown()).nullish(),
});

const exportedTreeMessage = exportedMessage.extend({ children: z.array(z.unknown()).nullish() });

const exportedConversation = z.looseObject({
  title: z.string().nullish(),
  recursive: z.boolean().nullish(),
  messages: z.array(z.unknown()).nullish(),
  messagesTree: z.array(z.unknown()).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
  createdAt: z.union([z.string(), z.number()]).nullish(),
  updatedAt: z.union([z.string(), z.number()]).nullish(),
});

type ExportedMessage = z.infer<typeof exportedMessage>;

/** Parts that stand on their own; image_file parts point at files of the exporting server. */
const PORTABLE_PARTS = new Set(['text', 'think', 'tool_call', 'image_url', 'agent_update', 'error']);

/**
 * A Meld or LibreChat conversation export: `{ conversationId, title, endpoint, ..., messages }`,
 * the messages either flat with parentMessageId links or a tree (`recursive`, children arrays,
 * sometimes under `messagesTree`). Older LibreChat exports keep the settings under `options`.
 */
export const meldFormat: ImportFormat = {
  name: 'Meld',
  detect: (data) => isRecord(data) && typeof data.conversationId === 'string' && (Array.isArray(data.messages) || Array.isArray(data.messagesTree)),
  conversations: (data) => [data],
  messageCount(raw) {
    if (!isRecord(raw)) return 0;
    const list = Array.isArray(raw.messagesTree) ? raw.messagesTree : Array.isArray(raw.messages) ? raw.messages : [];
    return raw.recursive === true || Array.isArray(raw.messagesTree) ? countTree(list) : list.length;
  },
  read(raw): DraftConversation {
    const file = exportedConversation.parse(raw);
    const list = file.messagesTree ?? file.messages ?? [];
    const isTree = file.recursive === true || file.messagesTree != null;
    const drafts = isTree ? flattenTree(list) : list.map((item) => toDraft(exportedMessage.parse(item), undefined));
    const messages = keepOnly(drafts, (message) => message.text.trim() !== '' || !!message.content?.length);
    const topLevel = raw as Record<string, unknown>;
    const merged = { ...file.options, ...topLevel };
    return {
      title: file.title ?? '',
      // LibreChat's older OpenAI conversations name their label `chatGptLabel`.
      settings: pickSettings({ ...merged, modelLabel: merged.modelLabel ?? merged.chatGptLabel }),
      createdAt: toEpochMs(file.createdAt),
      updatedAt: toEpochMs(file.updatedAt),
      messages,
    };
  },
};

/** Depth-first without recursion: an exported thread can be deeper than the call stack. */
function flattenTree(roots: unknown[]): DraftMessage[] {
  const drafts: DraftMessage[] = [];
  const stack = roots.map((node) => ({ node, parent: null as string | null })).reverse();
  while (stack.length) {
    const { node, parent } = stack.pop()!;
    const message = exportedTreeMessage.parse(node);
    drafts.push(toDraft(message, parent));
    for (const child of [...(message.children ?? [])].reverse()) stack.push({ node: child, parent: message.messageId });
  }
  return drafts;
}

/** The nodes of a tree export, counted without recursion and without reading them. */
function countTree(roots: unknown[]): number {
  let count = 0;
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop();
    count += 1;
    if (isRecord(node) && Array.isArray(node.children)) stack.push(...(node.children as unknown[]));
  }
  return count;
}

/** `treeParent` is the parent by position in a tree export; flat exports link by parentMessageId. */
function toDraft(message: ExportedMessage, treeParent: string | null | undefined): DraftMessage {
  const isCreatedByUser = message.isCreatedByUser ?? message.sender?.toLowerCase() === 'user';
  const parts = (message.content ?? []).flatMap((part) => {
    const parsed = messagePartSchema.safeParse(part);
    return parsed.success ? [parsed.data] : [];
  });
  const content = parts.filter((part) => PORTABLE_PARTS.has(part.type));
  // Files live on the exporting server: each one left behind is named where it was.
  const markers = [...parts.filter((part) => part.type === 'image_file').map((part) => notImported('Image', imageName(part))), ...fileNames(message.files).map((name) => notImported('File', name)), ...fileNames(message.attachments).map((name) => notImported('File', name))];
  const marked = markers.join('\n');
  // A message with parts is shown (and read back to the model) by its parts, so the marker joins them.
  if (marked && content.length) content.push({ type: 'text', text: marked });
  return {
    sourceId: message.messageId,
    parentSourceId: treeParent === undefined ? (message.parentMessageId ?? null) : treeParent,
    text: content.length ? (message.text ?? '') : joinBlocks([message.text, marked]),
    ...(content.length ? { content } : {}),
    sender: message.sender || (isCreatedByUser ? 'User' : (message.model ?? 'Assistant')),
    isCreatedByUser,
    model: message.model ?? null,
    endpoint: message.endpoint ?? null,
    ...(message.error ? { error: true } : {}),
    ...(message.unfinished ? { unfinished: true } : {}),
    ...(message.finish_reason ? { finish_reason: message.finish_reason } : {}),
    time: toEpochMs(message.createdAt),
  };
}

/** The names of a message's files (uploads) or attachments (what its tools made). */
function fileNames(list: unknown[] | null | undefined): string[] {
  return (list ?? []).flatMap((item) => (isRecord(item) && typeof item.filename === 'string' && item.filename.trim() ? [item.filename] : []));
}

function imageName(part: Record<string, unknown>): string | undefined {
  const file = isRecord(part.image_file) ? part.image_file : {};
  const path = typeof file.filepath === 'string' ? file.filepath : typeof file.file_id === 'string' ? file.file_id : undefined;
  return path?.split('/').pop() || undefined;
}
