import * as z from 'zod';
import { messagePartSchema } from '@meld/shared';
import { pickSettings } from './build.ts';
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
  read(raw): DraftConversation {
    const file = exportedConversation.parse(raw);
    const list = file.messagesTree ?? file.messages ?? [];
    const isTree = file.recursive === true || file.messagesTree != null;
    const drafts = isTree ? flattenTree(list) : list.map((item) => toDraft(exportedMessage.parse(item), undefined));
    const messages = keepOnly(drafts, (message) => message.text.trim() !== '' || !!message.content?.length);
    const topLevel = raw as Record<string, unknown>;
    return {
      title: file.title ?? '',
      settings: pickSettings({ ...file.options, ...topLevel }),
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

/** `treeParent` is the parent by position in a tree export; flat exports link by parentMessageId. */
function toDraft(message: ExportedMessage, treeParent: string | null | undefined): DraftMessage {
  const isCreatedByUser = message.isCreatedByUser ?? message.sender?.toLowerCase() === 'user';
  const content = (message.content ?? []).flatMap((part) => {
    const parsed = messagePartSchema.safeParse(part);
    return parsed.success && PORTABLE_PARTS.has(parsed.data.type) ? [parsed.data] : [];
  });
  return {
    sourceId: message.messageId,
    parentSourceId: treeParent === undefined ? (message.parentMessageId ?? null) : treeParent,
    text: message.text ?? '',
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
