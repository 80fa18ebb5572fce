import * as z from 'zod';
import { pickSettings } from './build.ts';
import { isRecord, type DraftConversation, type DraftMessage, type ImportFormat } from './types.ts';

const chatbotUiConversation = z.looseObject({
  name: z.string().nullish(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.string() })),
  // Version 1 to 4 exports carry an object ({ id, name, ... }); some hand-made files a plain id.
  model: z.union([z.looseObject({ id: z.string().nullish(), name: z.string().nullish() }), z.string()]).nullish(),
  prompt: z.string().nullish(),
  temperature: z.number().nullish(),
});

/** Chatbot UI's own default, for a conversation whose export names no model. */
const CHATBOT_UI_DEFAULT_MODEL = 'gpt-3.5-turbo';

/**
 * Chatbot UI's export: `{ version, history: [...], folders, prompts }` (versions 1 to 4). Its
 * conversations are linear, carry no message ids or times, and speak to OpenAI models.
 */
export const chatbotUiFormat: ImportFormat = {
  name: 'Chatbot UI',
  detect: (data) => isRecord(data) && data.version !== undefined && data.version !== null && Array.isArray(data.history),
  conversations: (data) => (data as { history: unknown[] }).history,
  messageCount: (raw) => (isRecord(raw) && Array.isArray(raw.messages) ? raw.messages.length : 0),
  read(raw): DraftConversation {
    const conversation = chatbotUiConversation.parse(raw);
    const model = (typeof conversation.model === 'string' ? conversation.model : conversation.model?.id) || CHATBOT_UI_DEFAULT_MODEL;
    const label = (typeof conversation.model === 'object' && conversation.model?.name) || 'ChatGPT';
    const turns = conversation.messages.filter((message) => (message.role === 'user' || message.role === 'assistant') && message.content.trim());
    const messages = turns.map((message, i): DraftMessage => {
      const isCreatedByUser = message.role === 'user';
      return {
        sourceId: String(i),
        parentSourceId: i === 0 ? null : String(i - 1),
        text: message.content,
        sender: isCreatedByUser ? 'User' : label,
        isCreatedByUser,
        model: isCreatedByUser ? null : model,
      };
    });
    return {
      title: conversation.name ?? '',
      settings: pickSettings({ endpoint: 'openAI', model, promptPrefix: conversation.prompt, temperature: conversation.temperature }),
      messages,
    };
  },
};
