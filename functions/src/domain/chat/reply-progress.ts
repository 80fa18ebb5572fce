import type { AbortEndpoint, AskEvent } from '@meld/shared';
import { ReplyParts, type ReplyPart } from './reply-parts.ts';

/** A reply being generated, as its generation item records it for a stop and for readers (decision 0039). */
export interface RunningGeneration {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
  /** Names this run's checkpoints: a continued reply runs again under the same reply id. */
  runId: string;
  startedAt: string;
  /** The path parameter that stops it: `/api/ask/{endpoint}/abort`. */
  abortEndpoint: AbortEndpoint;
  sender: string;
  model: string | null;
  endpoint: string | null;
  /** Continue: the reply so far begins with the saved message's parts. */
  continues: boolean;
}

/** What a checkpoint holds: the reply's text and thinking deltas, and the parts set whole, in order. */
export type ProgressEvent = { kind: 'text' | 'think'; text: string } | { kind: 'part'; index: number; part: ReplyPart };

export interface ProgressDeps {
  append(userId: string, generation: RunningGeneration, seq: number, events: ProgressEvent[], at: Date): Promise<void>;
  /** The least time between two checkpoints; the first goes as soon as the first token is in. */
  intervalMs: number;
  /** A checkpoint that could not be written: reported, and its events go with the next one. */
  failed(error: unknown): void;
}

/**
 * What one checkpoint item may hold, measured as JSON: far under DynamoDB's 400 KB item limit, and
 * never reached by a second of tokens. Only a very large part (a tool's output) comes near it.
 */
export const CHUNK_BUDGET_BYTES = 300_000;
/** A part's field larger than this is left out of a part that would not fit a checkpoint. */
const STUB_FIELD_MAX_BYTES = 1_000;

export interface ProgressRecorder {
  /** Takes the reply's own events (deltas and parts); every other event is ignored. */
  record(event: AskEvent): void;
  /** Stops checkpointing and waits for the write in flight: nothing is written after it resolves. */
  close(): Promise<void>;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function progressEventOf(event: AskEvent, messageId: string): ProgressEvent | null {
  if (event.type === 'delta' && event.messageId === messageId) return { kind: event.part, text: event.text };
  if (event.type === 'part' && event.messageId === messageId) return { kind: 'part', index: event.index, part: event.part as ReplyPart };
  return null;
}

/** A part too large for any checkpoint keeps its type and small fields; the saved reply has it whole. */
function fitted(event: ProgressEvent): ProgressEvent {
  if (event.kind !== 'part' || bytesOf(event) <= CHUNK_BUDGET_BYTES) return event;
  const small = Object.entries(event.part).filter(([, value]) => bytesOf(value ?? null) <= STUB_FIELD_MAX_BYTES);
  return { ...event, part: { ...Object.fromEntries(small), type: event.part.type } };
}

/** Splits events, in order, into checkpoint items that each fit the budget. */
export function packChunks(events: ProgressEvent[]): ProgressEvent[][] {
  const chunks: ProgressEvent[][] = [];
  let current: ProgressEvent[] = [];
  let size = 0;
  for (const event of events.map(fitted)) {
    const bytes = bytesOf(event);
    if (current.length && size + bytes > CHUNK_BUDGET_BYTES) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(event);
    size += bytes;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** Consecutive deltas of one kind become one event: a second of tokens is one short string. */
function appendMerged(buffer: ProgressEvent[], event: ProgressEvent): void {
  const last = buffer.at(-1);
  if (last && last.kind === event.kind && last.kind !== 'part' && event.kind !== 'part') last.text += event.text;
  else buffer.push(event.kind === 'part' ? event : { ...event });
}

/**
 * Checkpoints a reply while it streams (decision 0039): the events since the last checkpoint are
 * appended as one item, the first as soon as the first token is in, then at most one every
 * `intervalMs`. One write at a time, in order; a failed write is reported and retried with the
 * next checkpoint under the same sequence number, and never fails the reply.
 */
export function recordProgress(userId: string, generation: RunningGeneration, deps: ProgressDeps, now: () => Date): ProgressRecorder {
  let buffer: ProgressEvent[] = [];
  let seq = 0;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  const write = async () => {
    timer = undefined;
    if (closed || writing || buffer.length === 0) return;
    const events = buffer;
    buffer = [];
    lastWriteAt = Date.now();
    writing = (async () => {
      let written = 0;
      try {
        for (const chunk of packChunks(events)) {
          await deps.append(userId, generation, seq, chunk, now());
          seq += 1;
          written += chunk.length;
        }
      } catch (error) {
        deps.failed(error);
        // What did not land goes first in the next checkpoint, under the seq that failed.
        buffer = [...packChunks(events).flat().slice(written), ...buffer];
      }
    })();
    await writing;
    writing = undefined;
    schedule();
  };

  function schedule(): void {
    if (closed || timer || writing || buffer.length === 0) return;
    timer = setTimeout(() => void write(), Math.max(0, lastWriteAt + deps.intervalMs - Date.now()));
  }

  return {
    record(event) {
      if (closed) return;
      const progress = progressEventOf(event, generation.responseMessageId);
      if (!progress) return;
      appendMerged(buffer, progress);
      schedule();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await writing;
    },
  };
}

/** The reply so far: the parts it started from (a continued reply's), then every checkpoint's events in order. */
export function replayProgress(start: ReplyPart[], chunks: ProgressEvent[][]): ReplyParts {
  const parts = new ReplyParts(start);
  for (const event of chunks.flat()) {
    if (event.kind !== 'part') parts.add(event.kind, event.text);
    else if (event.index < parts.parts.length) parts.set(event.index, event.part);
    else parts.push(event.part);
  }
  return parts;
}
