import * as z from 'zod';
import { pickSettings } from './build.ts';
import { keepOnly } from './tree.ts';
import { isRecord, toEpochMs, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const namedFile = z.looseObject({ file_name: z.string().nullish() });

const claudeMessage = z.looseObject({
  uuid: z.string().min(1),
  text: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().nullish() })).nullish(),
  sender: z.enum(['human', 'assistant']),
  created_at: z.string().nullish(),
  parent_message_uuid: z.string().nullish(),
  attachments: z.array(namedFile).nullish(),
  files: z.array(namedFile).nullish(),
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
  read(raw): DraftConversation {
    const conversation = claudeConversation.parse(raw);
    const chat = conversation.chat_messages;
    const linked = chat.some((message) => message.parent_message_uuid);
    const drafts = chat.map((message, i): DraftMessage => {
      const isCreatedByUser = message.sender === 'human';
      return {
        sourceId: message.uuid,
        // Claude's own root marker is an id no message has, so it reads as a root here too.
        parentSourceId: linked ? (message.parent_message_uuid ?? null) : (chat[i - 1]?.uuid ?? null),
        text: messageText(message),
        sender: isCreatedByUser ? 'User' : 'Claude',
        isCreatedByUser,
        model: isCreatedByUser ? null : (conversation.model ?? null),
        time: toEpochMs(message.created_at),
      };
    });
    const messages = keepOnly(drafts, (message) => message.text.trim() !== '');
    return {
      title: conversation.name ?? '',
      settings: pickSettings({ endpoint: 'anthropic', model: conversation.model }),
      createdAt: toEpochMs(conversation.created_at),
      updatedAt: toEpochMs(conversation.updated_at),
      messages,
    };
  },
};

/** The text blocks of a message (tool use and thinking are not shown), then its attachments by name. */
function messageText(message: ClaudeMessage): string {
  // Where blocks exist, `text` holds placeholders for the ones claude.ai cannot show elsewhere.
  const blocks = message.content?.length ? message.content.filter((block) => block.type === 'text' && block.text).map((block) => block.text!) : undefined;
  const body = blocks ? blocks.join('\n\n') : (message.text ?? '');
  const names = [...(message.attachments ?? []), ...(message.files ?? [])].map((file) => file.file_name).filter(Boolean);
  const attached = names.map((name) => `[Attachment: ${name}]`).join('\n');
  return [body, attached].filter(Boolean).join('\n\n');
}
