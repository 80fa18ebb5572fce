import { randomBytes } from 'node:crypto';
import { keys } from './keys.ts';
import { table, ttlFrom } from './table.ts';

/** Violations older than this no longer count and leave the table through TTL. */
const VIOLATION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Spec 000 section 8, plus the chat limits and the other rate limits (login and the rest) this server enforces. */
export type ViolationType =
  | 'file_upload_limit'
  | 'illegal_model_request'
  | 'token_balance'
  | 'ban'
  | 'tts_limit'
  | 'stt_limit'
  | 'reset_password_limit'
  | 'verify_email_limit'
  | 'convo_access'
  | 'tool_call_limit'
  | 'concurrent'
  | 'message_limit'
  | 'login_limit'
  | 'rate_limit';

export interface Violation {
  type: ViolationType;
  at: string;
  details: Record<string, unknown>;
}

/** The one way to record a violation: one PutItem per hit, so concurrent hits are never merged. */
export async function recordViolation(userId: string, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void> {
  await putViolation(keys.userPartition(userId), type, details, now);
}

/** A violation by a caller with no known account, kept under its IP address. */
export async function recordIpViolation(ip: string, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void> {
  await putViolation(keys.ipPartition(ip), type, details, now);
}

/** The user's violations of one type or all, oldest first; `since` (ISO) keeps only later ones. */
export async function listViolations(userId: string, type?: ViolationType, since?: string): Promise<Violation[]> {
  return queryViolations(keys.userPartition(userId), type, since);
}

export async function listIpViolations(ip: string, type?: ViolationType, since?: string): Promise<Violation[]> {
  return queryViolations(keys.ipPartition(ip), type, since);
}

async function putViolation(partition: string, type: ViolationType, details: Record<string, unknown>, now: Date): Promise<void> {
  const at = now.toISOString();
  await table.put({
    ...keys.violation(partition, type, at, randomBytes(4).toString('hex')),
    entity: 'violation',
    type,
    at,
    details,
    expiresAt: ttlFrom(new Date(now.getTime() + VIOLATION_TTL_MS)),
  });
}

async function queryViolations(partition: string, type: ViolationType | undefined, since: string | undefined): Promise<Violation[]> {
  const items = await table.queryAll<Violation>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition, ':prefix': keys.violationPrefix(type) },
    ProjectionExpression: '#type, #at, details',
    ExpressionAttributeNames: { '#type': 'type', '#at': 'at' },
  });
  return items
    .filter((item) => !since || item.at > since)
    .map(({ type: kind, at, details }) => ({ type: kind, at, details }))
    .sort((a, b) => a.at.localeCompare(b.at));
}
