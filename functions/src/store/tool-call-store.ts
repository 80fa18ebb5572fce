import type { ToolCallRecord } from '@meld/shared';
import { keys } from './keys.ts';
import { table, type Keys } from './table.ts';

/**
 * Code runs of a conversation's code blocks (decision 0025), in the user's partition: another
 * user's conversation has none to list. A run's text and its files' references, never the files.
 */
type ToolCallItem = ToolCallRecord & Keys & { entity: 'tool-call' };

/** The most runs a conversation's list answers (the newest); a code block shows its latest. */
export const TOOL_CALL_LIST_LIMIT = 200;

export async function putToolCall(userId: string, record: ToolCallRecord): Promise<void> {
  await table.put({ ...record, ...keys.toolCall(userId, record.conversationId, record.createdAt, record.id), entity: 'tool-call' });
}

/** A conversation's runs, oldest first: one query. */
export async function listToolCalls(userId: string, conversationId: string): Promise<ToolCallRecord[]> {
  const { items } = await table.query<ToolCallItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.toolCallPrefix(conversationId) },
    ScanIndexForward: false,
    Limit: TOOL_CALL_LIST_LIMIT,
  });
  return items.reverse().map(({ pk: _pk, sk: _sk, entity: _entity, ...record }) => record);
}

