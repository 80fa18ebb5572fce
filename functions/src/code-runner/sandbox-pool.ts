import { CODE_LANGUAGES, type CodeLanguage } from '@meld/shared';
import { childFiles } from './child-entry.ts';
import { SandboxUnavailableError } from './errors.ts';
import { isolation } from './isolation.ts';
import { pythonSnapshot } from './python-snapshot.ts';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.ts';
import { abortReason, SandboxProcess } from './sandbox-process.ts';
import type { CodeRunRequest, CodeRunResult } from './types.ts';


export interface PoolOptions {
  /** Processes kept started per language, their interpreter loaded, waiting for a program. */
  spares: number;
  /** Programs running at once; more wait their turn (each process holds up to ~1 GB). */
  concurrency: number;
}

/**
 * Runs each program in a process of its own, used once and killed (decision 0025). To keep the
 * wait short, a few processes per language are started ahead with their interpreter loaded; a run
 * takes one, and a new one starts behind it. No process, interpreter or file is ever shared by
 * two runs.
 */
export class SandboxPool {
  private readonly spares = new Map<CodeLanguage, SandboxProcess[]>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly limits: SandboxLimits = DEFAULT_LIMITS,
    private readonly options: PoolOptions = { spares: 1, concurrency: 4 },
  ) {}

  /**
   * Prepares now what the first runs would wait for: the child's module and Python's snapshot
   * (even without spares), and the spare processes.
   */
  warm(languages: readonly CodeLanguage[] = CODE_LANGUAGES): void {
    void this.prepare().catch(() => undefined);
    for (const lang of languages) void this.refill(lang).catch(() => undefined);
  }

  private async prepare(): Promise<void> {
    const fence = isolation();
    if (typeof fence === 'string') return;
    await pythonSnapshot(fence, await childFiles(), this.limits);
  }

  /** Resolves once a spare of that language is loaded (the bench's warm runs wait for it). */
  async spareReady(lang: CodeLanguage): Promise<void> {
    await this.refill(lang);
    await this.spares.get(lang)?.[0]?.ready;
  }

  async run(request: CodeRunRequest, signal?: AbortSignal): Promise<CodeRunResult> {
    await this.turn(signal);
    try {
      const sandbox = await this.take(request.lang);
      return await sandbox.run(request.code, signal);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Kills the spare processes (tests, shutdown). */
  close(): Promise<void> {
    this.closed = true;
    for (const list of this.spares.values()) for (const sandbox of list.splice(0)) sandbox.kill();
    return Promise.resolve();
  }

  private async turn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running >= this.options.concurrency) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          this.waiting.splice(this.waiting.indexOf(go), 1);
          reject(abortReason(signal));
        };
        this.waiting.push(go);
        signal?.addEventListener('abort', stop, { once: true });
      });
    }
    this.running += 1;
  }

  private async start(lang: CodeLanguage): Promise<SandboxProcess> {
    const fence = isolation();
    if (typeof fence === 'string') throw new SandboxUnavailableError(fence);
    const files = await childFiles();
    const snapshot = lang === 'python' ? await pythonSnapshot(fence, files, this.limits) : undefined;
    return new SandboxProcess(lang, this.limits, fence, files, snapshot);
  }

  /** A spare of that language if one is there (loaded or still loading), else a new one. */
  private async take(lang: CodeLanguage): Promise<SandboxProcess> {
    const list = this.spares.get(lang) ?? [];
    // A spare that died after loading (killed from outside, crashed) is dropped, not handed a program.
    let spare = list.shift();
    while (spare && !spare.alive) spare = list.shift();
    const sandbox = spare ?? (await this.start(lang));
    void this.refill(lang).catch(() => undefined);
    return sandbox;
  }

  private readonly filling = new Set<CodeLanguage>();

  private async refill(lang: CodeLanguage): Promise<void> {
    if (this.filling.has(lang)) return;
    this.filling.add(lang);
    try {
      await this.fill(lang);
    } finally {
      this.filling.delete(lang);
    }
  }

  private async fill(lang: CodeLanguage): Promise<void> {
    const list = this.spares.get(lang) ?? [];
    this.spares.set(lang, list);
    while (!this.closed && list.length < this.options.spares) {
      const sandbox = await this.start(lang);
      if (this.closed) {
        sandbox.kill();
        return;
      }
      list.push(sandbox);
      // A spare that dies before it is used (killed, crashed) leaves the list.
      sandbox.ready.catch(() => {
        const index = list.indexOf(sandbox);
        if (index >= 0) list.splice(index, 1);
      });
    }
  }
}
