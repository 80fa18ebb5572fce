import type { CodeLanguage } from '@meld/shared';
import type { SandboxLimits } from './limits.ts';
import type { CodeRunFile } from './types.ts';

/**
 * How the parent and one sandbox process talk (decision 0025). The parent starts the process with
 * a `ChildConfig` as its one argument; the process answers on file descriptor 3, one JSON
 * message a line; the run's request arrives on stdin. Everything the process sends is untrusted:
 * a program that escaped its interpreter writes what it likes there, so the parent checks each
 * message's shape and caps every size itself (`sandbox-process.ts`).
 */
export interface ChildConfig {
  lang: CodeLanguage;
  limits: SandboxLimits;
  /** Absolute paths of the interpreters' entry modules, resolved by the parent. */
  modules: { pyodideIndex: string; quickjsVariant: string };
  /**
   * Python: a memory snapshot of the interpreter as loaded (prelude included), which starts it
   * in a fraction of a plain load; `make` asks the process to write one to its stdout instead of
   * running a program.
   */
  pythonSnapshot?: { load: string } | 'make';
}

/** What a program's run came to, before the parent adds the output it streamed. */
export interface RunOutcome {
  result?: string;
  error?: string;
  /** The interpreter stopped the program at its deadline (QuickJS's interrupt handler). */
  timedOut?: boolean;
  files: CodeRunFile[];
}

/** The one program a process runs, sent once it is ready. */
export interface ChildRequest {
  code: string;
}

export type ChildMessage =
  /** The interpreter is loaded: the process may be handed a program (its deadline counts from then). */
  | { type: 'ready' }
  | { type: 'output'; stream: 'stdout' | 'stderr'; text: string }
  /** The program ended; `omitted` counts the output characters past the cap that were not sent. */
  | ({ type: 'done'; omitted: { stdout: number; stderr: number } } & RunOutcome);

/** File descriptor of the process's message pipe. */
export const MESSAGE_FD = 3;
