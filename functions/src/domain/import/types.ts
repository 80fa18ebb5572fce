import type { ConversationSettings, Message } from '@meld/shared';

/** One message as a format parser reads it, before it gets its stored id and timestamp. */
export interface DraftMessage {
  /** The id in the source file; it only links children to parents, stored messages get new ids. */
  sourceId: string;
  /** The parent's source id; null (or an id the file does not hold) makes the message a root. */
  parentSourceId: string | null;
  text: string;
  content?: Message['content'];
  sender: string;
  isCreatedByUser: boolean;
  model?: string | null;
  endpoint?: string | null;
  error?: boolean;
  unfinished?: boolean;
  finish_reason?: string | null;
  /** Epoch milliseconds from the file, when it has them. */
  time?: number | undefined;
}

/** One conversation as a format parser reads it. */
export interface DraftConversation {
  title: string;
  settings: ConversationSettings;
  /** Epoch milliseconds from the file, when it has them. */
  createdAt?: number | undefined;
  updatedAt?: number | undefined;
  messages: DraftMessage[];
}

/** A file format the importer knows; detection is by shape, never by file name. */
export interface ImportFormat {
  name: string;
  detect(data: unknown): boolean;
  /** The raw conversations in a detected file; each is read alone, so one bad one fails alone. */
  conversations(data: unknown): unknown[];
  /** How many message entries a raw conversation holds, counted without reading them (0 when unreadable). */
  messageCount(raw: unknown): number;
  /** Reads one raw conversation; throws when its messages cannot be read. */
  read(raw: unknown): DraftConversation;
}

/** Raised by a parser for a conversation it cannot read (zod errors count the same way). */
export class UnreadableConversationError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableConversationError';
  }
}

/** Epoch ms from ISO strings, epoch seconds (ChatGPT) or epoch ms; undefined when unreadable. */
export function toEpochMs(value: unknown, unit: 'ms' | 's' = 'ms'): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(unit === 's' ? value * 1000 : value) : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
