import { conversationSettingsSchema, LIMITS, NO_PARENT, type Conversation, type ConversationSettings, type Message } from '@meld/shared';
import { orderMessages } from './tree.ts';
import { UnreadableConversationError, type DraftConversation } from './types.ts';

export const UNTITLED = 'Imported conversation';

export interface BuildContext {
  userId: string;
  newId: () => string;
  now: Date;
}

/**
 * Turns a parsed conversation into the stored conversation and messages: every id is new (an
 * import never touches an existing conversation), parents are linked by the new ids, and
 * timestamps are ordered so the threads rebuild as they were.
 */
export function buildConversation(draft: DraftConversation, context: BuildContext): { conversation: Conversation; messages: Message[] } {
  if (draft.messages.length === 0) throw new UnreadableConversationError('it has no messages');
  const ids = new Set(draft.messages.map((message) => message.sourceId));
  if (ids.size !== draft.messages.length) throw new UnreadableConversationError('two of its messages share an id');

  const conversationId = context.newId();
  const newIds = new Map([...ids].map((id) => [id, context.newId()]));
  const ordered = orderMessages(draft.messages, draft.createdAt ?? context.now.getTime());
  const messages = ordered.map(({ message, parentSourceId, time }): Message => {
    const createdAt = new Date(time).toISOString();
    return {
      messageId: newIds.get(message.sourceId)!,
      conversationId,
      parentMessageId: parentSourceId === null ? NO_PARENT : newIds.get(parentSourceId)!,
      text: message.text,
      ...(message.content?.length ? { content: message.content } : {}),
      sender: message.sender,
      isCreatedByUser: message.isCreatedByUser,
      model: message.model ?? null,
      endpoint: message.endpoint ?? draft.settings.endpoint ?? null,
      ...(message.error ? { error: true } : {}),
      ...(message.unfinished ? { unfinished: true } : {}),
      ...(message.finish_reason ? { finish_reason: message.finish_reason } : {}),
      createdAt,
      updatedAt: createdAt,
    };
  });

  const first = Date.parse(messages[0]!.createdAt);
  const last = Date.parse(messages[messages.length - 1]!.createdAt);
  const createdAt = Math.min(draft.createdAt ?? first, first);
  return {
    conversation: {
      ...draft.settings,
      conversationId,
      title: cleanTitle(draft.title),
      user: context.userId,
      isArchived: false,
      tags: [],
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(Math.max(draft.updatedAt ?? last, last)).toISOString(),
    },
    messages,
  };
}

function cleanTitle(title: string): string {
  const single = title.replace(/\s+/g, ' ').trim();
  return single ? single.slice(0, LIMITS.conversationTitleMax) : UNTITLED;
}

const SETTING_SCHEMAS = conversationSettingsSchema.shape;

/**
 * The settings a file carries that Meld accepts, each checked on its own: an out-of-range
 * temperature from another app drops that setting, not the conversation.
 */
export function pickSettings(raw: Record<string, unknown>): ConversationSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(SETTING_SCHEMAS)) {
    if (raw[key] === undefined || raw[key] === null) continue;
    const result = schema.safeParse(raw[key]);
    if (result.success) settings[key] = result.data;
  }
  return settings as ConversationSettings;
}
