import { NO_PARENT, type Message } from '@meld/shared';

/** A message for tests: ids and parents given, the rest filled in; minutes order createdAt. */
export function testMessage(messageId: string, parentMessageId: string = NO_PARENT, overrides: Partial<Message> & { minute?: number } = {}): Message {
  const { minute = 0, ...rest } = overrides;
  const createdAt = new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
  return {
    messageId,
    conversationId: 'c1',
    parentMessageId,
    text: `text of ${messageId}`,
    sender: rest.isCreatedByUser === false ? 'Claude' : 'User',
    isCreatedByUser: true,
    createdAt,
    updatedAt: createdAt,
    ...rest,
  };
}
