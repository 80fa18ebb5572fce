import * as z from 'zod';
import { pickSettings } from './build.ts';
import { CONTEXT_TYPES, renderChatGptContent } from './chatgpt-content.ts';
import { keepOnly } from './tree.ts';
import { isRecord, toEpochMs, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const chatGptMessage = z.looseObject({
  author: z.looseObject({ role: z.string() }),
  create_time: z.number().nullish(),
  // Each content type carries its own fields (parts, text, result, thoughts...); the renderer reads them.
  content: z.looseObject({ content_type: z.string() }),
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

/**
 * The model of a conversation whose export names none (older exports, or `auto`): the ChatGPT
 * default of most exported years, so it never takes another endpoint's model.
 */
export const CHATGPT_FALLBACK_MODEL = 'gpt-4o';

/**
 * ChatGPT's conversations.json: an array of conversations whose messages form a tree in
 * `mapping`. Every node is imported, so edited prompts and regenerated replies keep their
 * branches; system, hidden, context and empty nodes are skipped and their children move up.
 * Tool and browsing nodes stay, as blocks in their own messages.
 */
export const chatGptFormat: ImportFormat = {
  name: 'ChatGPT',
  detect: (data) => Array.isArray(data) && data.some((item) => isRecord(item) && isRecord(item.mapping)),
  conversations: (data) => data as unknown[],
  messageCount: (raw) => (isRecord(raw) && isRecord(raw.mapping) ? Object.keys(raw.mapping).length : 0),
  read(raw): DraftConversation {
    const conversation = chatGptConversation.parse(raw);
    const slugs = Object.values(conversation.mapping).flatMap((node) => (node.message?.author.role === 'assistant' && node.message.metadata?.model_slug ? [node.message.metadata.model_slug] : []));
    const named = conversation.default_model_slug && conversation.default_model_slug !== 'auto' ? conversation.default_model_slug : undefined;
    const model = named ?? slugs.at(-1) ?? CHATGPT_FALLBACK_MODEL;
    const all: (DraftMessage & { keep: boolean })[] = Object.entries(conversation.mapping).map(([id, node]) => {
      const message = node.message;
      const rendered = message ? renderChatGptContent(message) : { text: '' };
      const role = message?.author.role;
      const isCreatedByUser = role === 'user';
      const content = rendered.think ? [{ type: 'think', think: rendered.think }] : undefined;
      return {
        sourceId: id,
        parentSourceId: node.parent ?? null,
        text: rendered.text,
        ...(content ? { content } : {}),
        sender: isCreatedByUser ? 'User' : 'ChatGPT',
        isCreatedByUser,
        model: isCreatedByUser ? null : (message?.metadata?.model_slug ?? model),
        time: toEpochMs(message?.create_time, 's'),
        keep:
          !!message &&
          (role === 'user' || role === 'assistant' || role === 'tool') &&
          !message.metadata?.is_visually_hidden_from_conversation &&
          !CONTEXT_TYPES.has(message.content.content_type) &&
          (rendered.text.trim() !== '' || !!content),
      };
    });
    const messages = keepOnly(all, (message) => message.keep).map(({ keep: _keep, ...message }) => message);
    return {
      title: conversation.title ?? '',
      settings: pickSettings({ endpoint: 'openAI', model }),
      createdAt: toEpochMs(conversation.create_time, 's'),
      updatedAt: toEpochMs(conversation.update_time, 's'),
      messages,
    };
  },
};
