import { TABLE_SCHEMA } from './table.ts';

export type TableIndexName = (typeof TABLE_SCHEMA.globalIndexes)[number]['name'];

/**
 * What a route's function may do in the table, declared beside its auth level: `read` (GetItem,
 * BatchGetItem and Query on the table), `write` (read, and PutItem, UpdateItem, DeleteItem and
 * BatchWriteItem), `scan` (Scan on the table), and each index it queries by name. The stack grants
 * exactly this (infra's RouteFunction) and the local runtime refuses anything else as IAM would
 * (functions' store/table-access.ts), so a test that passes locally cannot be denied in AWS.
 */
export type TableUse = 'read' | 'write' | 'scan' | TableIndexName;

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;
const INDEX_NAMES: readonly string[] = TABLE_SCHEMA.globalIndexes.map((index) => index.name);

/** The IAM actions a declaration allows on the table itself, and the indexes it may query. */
export function tableGrants(uses: readonly TableUse[]): { tableActions: string[]; indexes: TableIndexName[] } {
  const actions = new Set<string>();
  if (uses.includes('read') || uses.includes('write')) for (const action of READ_ACTIONS) actions.add(action);
  if (uses.includes('write')) for (const action of WRITE_ACTIONS) actions.add(action);
  if (uses.includes('scan')) actions.add('dynamodb:Scan');
  return { tableActions: [...actions], indexes: uses.filter((use): use is TableIndexName => INDEX_NAMES.includes(use)) };
}

/** The IAM action a DynamoDB command needs (its SDK name, `GetItemCommand`), or undefined for one Meld never sends. */
export function iamActionOf(commandName: string): string | undefined {
  const action = /^(\w+)Command$/.exec(commandName)?.[1];
  return action && ([...READ_ACTIONS, ...WRITE_ACTIONS, 'dynamodb:Scan'] as string[]).includes(`dynamodb:${action}`) ? `dynamodb:${action}` : undefined;
}

/** Whether a declaration allows `action`, on `index` when the call names one (only Query on an index is ever granted). */
export function tableAllows(uses: readonly TableUse[], action: string, index?: string): boolean {
  const grants = tableGrants(uses);
  if (index !== undefined) return action === 'dynamodb:Query' && (grants.indexes as string[]).includes(index);
  return grants.tableActions.includes(action);
}
