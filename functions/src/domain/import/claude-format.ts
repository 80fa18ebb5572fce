import * as z from 'zod';
import type { Message } from '@meld/shared';
import { pickSettings } from './build.ts';
import { fence, joinBlocks, notImported } from './markdown.ts';
import { keepOnly } from './tree.ts';
import { isRecord, toEpochMs, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const attachment = z.looseObject({ file_name: z.string().nullish(), extracted_content: z.string().nullish() });
const file = z.looseObject({ file_name: z.string().nullish() });

const claudeMessage = z.looseObject({
  uuid: z.string().min(1),
  text: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().nullish(), thinking: z.string().nullish() })).nullish(),
  sender: z.enum(['human', 'assistant']),
  created_at: z.string().nullish(),
  parent_message_uuid: z.string().nullish(),
  attachments: z.array(attachment).nullish(),
  files: z.array(file).nullish(),
});

const claudeConversation = z.looseObject({
  name: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  model: z.string().nullish(),
  chat_messages: z.array(claudeMessage),
});

type ClaudeMessage = z.infer<typeof claudeMessage>;

/**
 * Claude's conversations.json: an array of conversations with `chat_messages`. Messages form a
 * chain in file order unless they name their parents (`parent_message_uuid`), as newer exports do.
 */
export const claudeFormat: ImportFormat = {
  name: 'Claude',
  detect: (data) => Array.isArray(data) && data.some((item) => isRecord(item) && Array.isArray(item.chat_messages)),
  conversations: (data) => data as unknown[],
  messageCount: (raw) => (isRecord(raw) && Array.isArray(raw.chat_messages) ? raw.chat_messages.length : 0),
  read(raw): DraftConversation {
    const conversation = claudeConversation.parse(raw);
    const chat = conversation.chat_messages;
    const linked = chat.some((message) => message.parent_message_uuid);
    const drafts = chat.map((message, i): DraftMessage => {
      const isCreatedByUser = message.sender === 'human';
      const text = messageText(message);
      const content = thinkingParts(message, text);
      return {
        sourceId: message.uuid,
        // Claude's own root marker is an id no message has, so it reads as a root here too.
        parentSourceId: linked ? (message.parent_message_uuid ?? null) : (chat[i - 1]?.uuid ?? null),
        text,
        ...(content ? { content } : {}),
        sender: isCreatedByUser ? 'User' : 'Claude',
        isCreatedByUser,
        model: isCreatedByUser ? null : (conversation.model ?? null),
        time: toEpochMs(message.created_at),
      };
    });
    const messages = keepOnly(drafts, (message) => message.text.trim() !== '' || !!message.content?.length);
    return {
      title: conversation.name ?? '',
      settings: pickSettings({ endpoint: 'anthropic', model: conversation.model }),
      createdAt: toEpochMs(conversation.created_at),
      updatedAt: toEpochMs(conversation.updated_at),
      messages,
    };
  },
};

/**
 * The text blocks of a message (tool use is not shown), then its attachments: one whose text the
 * export carries keeps it, a file it does not (an image, a PDF) leaves a marker naming it.
 */
function messageText(message: ClaudeMessage): string {
  // Where blocks exist, `text` holds placeholders for the ones claude.ai cannot show elsewhere.
  const blocks = message.content?.length ? message.content.filter((block) => block.type === 'text' && block.text).map((block) => block.text!) : undefined;
  const body = blocks ? blocks.join('\n\n') : (message.text ?? '');
  const attached = (message.attachments ?? []).map((item) => (item.extracted_content?.trim() ? `Attached file${item.file_name ? ` ${item.file_name}` : ''}:\n${fence(item.extracted_content)}` : notImported('File', item.file_name)));
  const files = (message.files ?? []).map((item) => notImported('File', item.file_name));
  return joinBlocks([body, ...attached, ...files]);
}

/**
 * Thinking blocks as think parts, followed by the text: a message with parts is shown by its
 * parts, so the text must be one of them.
 */
function thinkingParts(message: ClaudeMessage, text: string): Message['content'] {
  const thinking = (message.content ?? []).filter((block) => block.type === 'thinking' && block.thinking?.trim()).map((block) => ({ type: 'think', think: block.thinking! }));
  if (!thinking.length) return undefined;
  return text.trim() ? [...thinking, { type: 'text', text }] : thinking;
}
