/** The sandbox's bounds (decision 0025). Tests pass tighter ones to prove each holds. */
export interface SandboxLimits {
  /** Wall-clock budget of one run; the program is stopped when it is spent. */
  deadlineMs: number;
  /** QuickJS heap of one JavaScript run. */
  javascriptMemoryBytes: number;
  /** The largest the Python interpreter's WebAssembly memory may grow (its own ~30 MB included). */
  pythonMemoryBytes: number;
  /** stdout and stderr are each cut to this many characters. */
  outputChars: number;
  /** Files taken back from the scratch directory, and the largest one. */
  maxFiles: number;
  maxFileBytes: number;
  /** All of one run's files together: base64 of them and the output stay under Lambda's 6 MB response. */
  maxTotalFileBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  deadlineMs: 15_000,
  javascriptMemoryBytes: 64 * 1024 * 1024,
  pythonMemoryBytes: 512 * 1024 * 1024,
  outputChars: 20_000,
  maxFiles: 10,
  maxFileBytes: 4 * 1024 * 1024,
  maxTotalFileBytes: 4 * 1024 * 1024,
};

/** What a run stopped at its deadline reports. */
export function deadlineMessage(limits: SandboxLimits): string {
  return `Stopped: the program ran longer than ${limits.deadlineMs / 1000} s`;
}

/** Keeps the head of a long output and says how much was left out. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n… (${text.length - limit} more characters)`;
}
