import * as z from 'zod';
import { pickSettings } from './build.ts';
import { keepOnly } from './tree.ts';
import { isRecord, toEpochMs, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const chatGptMessage = z.looseObject({
  author: z.looseObject({ role: z.string() }),
  create_time: z.number().nullish(),
  content: z.looseObject({
    content_type: z.string(),
    parts: z.array(z.unknown()).nullish(),
    text: z.string().nullish(),
    language: z.string().nullish(),
  }),
  metadata: z.looseObject({ model_slug: z.string().nullish(), is_visually_hidden_from_conversation: z.boolean().nullish() }).nullish(),
});

const chatGptNode = z.looseObject({
  message: chatGptMessage.nullish(),
  parent: z.string().nullish(),
});

const chatGptConversation = z.looseObject({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  update_time: z.number().nullish(),
  default_model_slug: z.string().nullish(),
  mapping: z.record(z.string(), chatGptNode),
});

type ChatGptMessage = z.infer<typeof chatGptMessage>;

/** Content that is settings or memory, not a turn of the conversation. */
const CONTEXT_TYPES = new Set(['user_editable_context', 'model_editable_context']);

/**
 * ChatGPT's conversations.json: an array of conversations whose messages form a tree in
 * `mapping`. Every node is imported, so edited prompts and regenerated replies keep their
 * branches; system, hidden, context and empty nodes are skipped and their children move up.
 */
export const chatGptFormat: ImportFormat = {
  name: 'ChatGPT',
  detect: (data) => Array.isArray(data) && data.some((item) => isRecord(item) && isRecord(item.mapping)),
  conversations: (data) => data as unknown[],
  read(raw): DraftConversation {
    const conversation = chatGptConversation.parse(raw);
    const all: (DraftMessage & { keep: boolean })[] = Object.entries(conversation.mapping).map(([id, node]) => {
      const message = node.message;
      const text = message ? messageText(message) : '';
      const role = message?.author.role;
      const isCreatedByUser = role === 'user';
      return {
        sourceId: id,
        parentSourceId: node.parent ?? null,
        text,
        sender: isCreatedByUser ? 'User' : 'ChatGPT',
        isCreatedByUser,
        model: isCreatedByUser ? null : (message?.metadata?.model_slug ?? null),
        time: toEpochMs(message?.create_time, 's'),
        keep:
          !!message &&
          (role === 'user' || role === 'assistant' || role === 'tool') &&
          !message.metadata?.is_visually_hidden_from_conversation &&
          !CONTEXT_TYPES.has(message.content.content_type) &&
          text.trim() !== '',
      };
    });
    const messages = keepOnly(all, (message) => message.keep).map(({ keep: _keep, ...message }) => message);
    const model = conversation.default_model_slug ?? messages.findLast((message) => message.model)?.model;
    return {
      title: conversation.title ?? '',
      settings: pickSettings({ endpoint: 'openAI', model }),
      createdAt: toEpochMs(conversation.create_time, 's'),
      updatedAt: toEpochMs(conversation.update_time, 's'),
      messages,
    };
  },
};

/** Text a reader would see; images and other attachments become a short marker. */
function messageText(message: ChatGptMessage): string {
  const { content } = message;
  switch (content.content_type) {
    case 'code':
      return content.text ? `\`\`\`${content.language && content.language !== 'unknown' ? content.language : ''}\n${content.text}\n\`\`\`` : '';
    case 'execution_output':
      return content.text ? `Output:\n\`\`\`\n${content.text}\n\`\`\`` : '';
    case 'tether_quote':
      return typeof content.text === 'string' ? content.text : '';
    default:
      return (content.parts ?? []).map(partText).filter(Boolean).join('\n\n');
  }
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return '';
  if (part.content_type === 'image_asset_pointer') return '[Image]';
  if (part.content_type === 'audio_transcription' && typeof part.text === 'string') return part.text;
  return '';
}
