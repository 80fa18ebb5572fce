import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { ERROR_CODES } from '@meld/shared';
import { DomainError } from '../domain/errors.ts';

/** DynamoDB refuses an item over 400 KB, attribute names and values together. */
export const MAX_ITEM_BYTES = 400 * 1024;

/**
 * An item's size as DynamoDB counts it against that limit (its developer guide, "Item sizes and
 * formats"): attribute names and strings in UTF-8 bytes, binary by its bytes, a number a byte per
 * two significant digits plus one, null and booleans one byte, a list or map 3 bytes plus one per
 * element besides its elements (map keys count as names). Rounded up where the guide says "about",
 * so the estimate is never under. Takes the values as the document client does, before marshalling.
 */
export function itemSize(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) if (value !== undefined) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(value);
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((sum, member) => sum + valueSize(member), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + (element === undefined ? 0 : valueSize(element)), 0);
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, member]) => member !== undefined);
    return 3 + entries.length + itemSize(Object.fromEntries(entries));
  }
  return 0;
}

/** One byte per two significant digits, one more, and one for a sign. */
function numberSize(value: number | bigint): number {
  const digits = String(value).replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 2;
}

/** Something a member asked to save that would not fit in one item: a 413 that names the limit. */
export class ItemTooLargeError extends DomainError {
  constructor(
    readonly bytes: number,
    message: string,
  ) {
    super('too-large', ERROR_CODES.payloadTooLarge, message);
  }
}

/**
 * Refuses, before DynamoDB would (with an error the API could only answer as a 500), an item over
 * the limit: `what` names what was being saved, `hint` how to make it fit.
 */
export function assertItemFits(item: Record<string, unknown>, what: string, hint: string): void {
  const bytes = itemSize(item);
  if (bytes > MAX_ITEM_BYTES) throw new ItemTooLargeError(bytes, `${what} is too large to save: it takes ${Math.ceil(bytes / 1024)} KB, and one may take at most ${MAX_ITEM_BYTES / 1024} KB. ${hint}`);
}

/** DynamoDB's own refusal of an item over the limit, as the SDK raises it. */
export function itemTooLarge(message = 'Item size has exceeded the maximum allowed size'): DynamoDBServiceException {
  return new DynamoDBServiceException({ name: 'ValidationException', $fault: 'client', $metadata: { httpStatusCode: 400 }, message });
}

type WriteInput = { Item?: Record<string, unknown>; RequestItems?: Record<string, { PutRequest?: { Item: Record<string, unknown> } }[]> };

/**
 * The local runtime's stand-in for DynamoDB's item limit. dynalite checks it too, but counts a
 * string's UTF-16 units where DynamoDB counts UTF-8 bytes, so text outside ASCII passes locally at
 * up to three times the size AWS refuses. Puts and batch puts are checked here, as DynamoDB would
 * refuse them; an update's result is known only to the server (dynalite's own count stands there).
 */
export function refuseOversizedItems(commandName: string, input: WriteInput): void {
  const items =
    commandName === 'PutItemCommand' ? [input.Item]
    : commandName === 'BatchWriteItemCommand' ? Object.values(input.RequestItems ?? {}).flatMap((requests) => requests.map((request) => request.PutRequest?.Item))
    : [];
  if (items.some((item) => item !== undefined && itemSize(item) > MAX_ITEM_BYTES)) throw itemTooLarge();
}
