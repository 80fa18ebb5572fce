import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { StreamifyHandler } from 'aws-lambda';

/**
 * Local stand-in for the `awslambda` global that the Lambda Node.js runtime provides to
 * RESPONSE_STREAM functions. The global's type comes from @types/aws-lambda (imported above, so
 * any file importing this module sees it); declaring it again here would clash with that.
 */
export type AwsLambdaGlobal = typeof awslambda;
export type StreamingHandler = StreamifyHandler;

/** The runtime's own marker, so handlers look the same to us as they do to the real runtime. */
const HANDLER_STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
const STREAM_RESPONSE = 'response';
/** Bytes separating the JSON prelude from the body in the runtime's HTTP integration format. */
const PRELUDE_DELIMITER = new Uint8Array(8);

/** What a handler may pass to `HttpResponseStream.from`: the Function URL response head. */
export interface StreamingMetadata {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  cookies?: string[];
}

/**
 * The response stream a streaming handler writes to, backed by a Node ServerResponse. Every
 * write goes straight to the socket and completes only once flushed, so nothing is buffered
 * and a slow client applies backpressure to the handler exactly as a Function URL would.
 */
export class LocalResponseStream extends Writable {
  readonly #res: ServerResponse;
  #contentType = 'application/octet-stream';
  #clientClosed = false;
  readonly #maxBytes: number;
  #written = 0;
  #overLimit = false;

  /** `maxBytes`: Lambda's cap on a streamed response; a write past it cuts the connection. */
  constructor(res: ServerResponse, maxBytes = Number.POSITIVE_INFINITY) {
    super();
    this.#res = res;
    this.#maxBytes = maxBytes;
    // Small chunks (tokens of a chat reply) must leave at once rather than wait for Nagle.
    res.socket?.setNoDelay(true);
    res.once('close', () => {
      if (res.writableFinished) return;
      this.#clientClosed = true;
      // Destroyed without an error: writes and pipelines still fail, but no 'error' event can
      // go unhandled and take the whole local server down because one browser tab closed.
      this.destroy();
    });
  }

  /** True once the client went away mid-response; such failures are not handler bugs. */
  get clientClosed(): boolean {
    return this.#clientClosed;
  }

  /** True once the handler wrote past the cap and the response was cut. */
  get overLimit(): boolean {
    return this.#overLimit;
  }

  get headSent(): boolean {
    return this.#res.headersSent;
  }

  /** Same as the runtime's: applies when no explicit metadata names a Content-Type. */
  setContentType(contentType: string): void {
    this.#contentType = contentType;
  }

  /** Sends status, headers and cookies now, so the client sees them before the first chunk. */
  sendHead(metadata: StreamingMetadata = {}): void {
    const res = this.#res;
    if (res.headersSent) return;
    const status = metadata.statusCode;
    res.statusCode = typeof status === 'number' && status >= 100 && status <= 599 ? status : 200;
    for (const [name, value] of Object.entries(metadata.headers ?? {})) res.setHeader(name, String(value));
    if (!res.hasHeader('content-type')) res.setHeader('content-type', this.#contentType);
    if (metadata.cookies?.length) res.setHeader('set-cookie', metadata.cookies);
    res.flushHeaders();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#written += chunk.length;
    if (this.#written > this.#maxBytes) {
      // Lambda ends the response there; destroyed without an error (as on a client's hang-up),
      // so every later write fails the way writes to a closed Function URL connection do.
      this.#overLimit = true;
      this.#res.destroy();
      callback();
      this.destroy();
      return;
    }
    this.sendHead();
    this.#res.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.sendHead();
    this.#res.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Before the head is out the gateway can still answer with a proper 500; after it, cutting
    // the connection is the only way to tell the client the body is incomplete.
    if (error && this.#res.headersSent && !this.#res.writableEnded) this.#res.destroy();
    callback(error);
  }
}

/** Mirrors the runtime's `awslambda.HttpResponseStream`, which middy 6 calls when a handler returns a statusCode. */
class HttpResponseStream {
  static from(stream: Writable, metadata: StreamingMetadata): Writable {
    if (stream instanceof LocalResponseStream) {
      stream.sendHead(metadata);
      return stream;
    }
    // Any other writable (say a unit test's PassThrough) gets the runtime's wire format:
    // the JSON prelude, eight NUL bytes, then the body.
    stream.write(JSON.stringify(metadata));
    stream.write(PRELUDE_DELIMITER);
    return stream;
  }
}

function streamifyResponse<T extends (...args: never[]) => unknown>(handler: T): T {
  Object.defineProperty(handler, HANDLER_STREAMING, { value: STREAM_RESPONSE, enumerable: false });
  return handler;
}

/** Whether the runtime would call this handler as `(event, responseStream, context)`. */
export function isStreamingHandler(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[HANDLER_STREAMING] === STREAM_RESPONSE;
}

/** Marks the streamifyResponse this shim installs, so a later copy of the shim may replace it. */
const LOCAL_SHIM = Symbol.for('meld.local.streamifyResponse');

/**
 * Installs the streaming half of `globalThis.awslambda` unless the real runtime (or an earlier
 * call) already did. @aws/lambda-invoke-store (loaded with Powertools) may have created the
 * global first with only its InvokeStore, so the check is on streamifyResponse itself.
 */
export function installLambdaStreamShim(): void {
  const global = globalThis as { awslambda?: Record<string, unknown> };
  const installed = global.awslambda?.streamifyResponse as { [LOCAL_SHIM]?: true } | undefined;
  // The real runtime's stays. A shim of ours is replaced: tests load this module afresh for each file
  // (functions/src/local/vitest-setup.ts), and HttpResponseStream must be this copy's, the copy whose
  // LocalResponseStream the gateway writes to.
  if (installed && !installed[LOCAL_SHIM]) return;
  global.awslambda = { ...global.awslambda, streamifyResponse: Object.assign(streamifyResponse, { [LOCAL_SHIM]: true as const }), HttpResponseStream };
}
