import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSseServer, type FakeServer } from './sse-server.ts';

/** A file under `__fixtures__/`, e.g. `openai/refusal.sse`. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url));
}

export interface ReplayOptions {
  /** Gemini ends its SSE lines with CRLF; the fixtures are kept with LF and sent as Google sends them. */
  crlf?: boolean;
  /** Each fixture's text edited before it is sent, e.g. another finish reason in the same recorded shape. */
  edit?: (text: string) => string;
  intervalMs?: number;
}

/** A fixture's events: the text split after each blank line, so each event is its own write. */
function events(text: string, crlf: boolean): string[] {
  const chunks = text.split(/(?<=\n\n)/).filter((chunk) => chunk.trim());
  return crlf ? chunks.map((chunk) => chunk.replace(/\r?\n/g, '\r\n')) : chunks;
}

/**
 * Serves recorded SSE streams: the first request gets the first fixture, the next the next, and the
 * last repeats. The files go out byte for byte (their `:` comment headers are SSE comments, which
 * every client skips), so the SDKs parse exactly the wire format the providers document.
 */
export function startReplayServer(fixtures: string[], options: ReplayOptions = {}): Promise<FakeServer> {
  const texts = fixtures.map((name) => (options.edit ?? ((text: string) => text))(readFileSync(fixturePath(name), 'utf8')));
  let served = 0;
  return startSseServer(() => {
    const text = texts[Math.min(served++, texts.length - 1)] ?? '';
    return { chunks: events(text, options.crlf ?? false), intervalMs: options.intervalMs };
  });
}
