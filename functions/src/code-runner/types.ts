import type { CodeLanguage } from '@meld/shared';

/** What the sandbox runs: one program, already checked against the contract's languages and length. */
export interface CodeRunRequest {
  lang: CodeLanguage;
  code: string;
}

/** A file the program wrote to its scratch directory (`/mnt/data` in Python). */
export interface CodeRunFile {
  /** The path below the scratch directory, e.g. `plot.png` or `out/table.csv`. */
  name: string;
  /** The bytes, base64-encoded: the same shape crosses a worker thread and a Lambda invocation. */
  base64: string;
}

/** One run's outcome. `error` is the program's own failure (an exception, the memory cap, the deadline). */
export interface CodeRunResult {
  stdout: string;
  stderr: string;
  /** The last expression's value (Python) or the script's completion value (JavaScript), as text. */
  result?: string;
  error?: string;
  timedOut: boolean;
  files: CodeRunFile[];
}
