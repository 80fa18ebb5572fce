import type { CodeLanguage } from '@meld/shared';
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import * as z from 'zod';
import type { ChildFiles } from './child-entry.ts';
import type { Isolation } from './isolation.ts';
import { clip, deadlineMessage, type SandboxLimits } from './limits.ts';
import { MESSAGE_FD, type ChildConfig, type ChildMessage } from './protocol.ts';
import { sandboxNodePath } from './sandbox-node.ts';
import type { CodeRunResult } from './types.ts';

/** Loading an interpreter (Pyodide's cold start on a busy machine) may take this long. */
const LOAD_TIMEOUT_MS = 60_000;
/** The most the process's own stderr may carry: Node's crash text is a few kilobytes. */
const MAX_STDERR_BYTES = 64 * 1024;
/** How long an exited process's message pipe may stay open before the exit counts without its last messages. */
const MESSAGES_DRAIN_MS = 2000;
/** How often a running program's memory is looked at (the backstop where prlimit is missing). */
const MEMORY_POLL_MS = 200;

/**
 * What the sandbox's Node allows on top of `--permission` (which denies files, network, child
 * processes, workers, addons, FFI, WASI and the inspector): its experimental modules that the
 * permission model does not fence are taken out. `node:sqlite` creates and writes database files
 * wherever it is told, with no write permission (an attack pass wrote into the Lambda's /tmp, where
 * the Python snapshot lives, on both Node 22 and 26); `node:ffi` is denied without `--allow-ffi`,
 * and gone is safer still. V8's flags are frozen once the process has started: through
 * `v8.setFlagsFromString` a program could otherwise have V8 write files past the permission model
 * (`--trace-turbo-cfg-file`, `--heap-snapshot-path`: a review appended to the Python snapshot every
 * later run starts from) or drop WebAssembly's bounds checks; frozen, any such call ends the process.
 */
const NODE_FLAGS = ['--permission', '--no-experimental-sqlite', '--no-experimental-ffi', '--freeze-flags-after-init', '--max-old-space-size=256', '--disable-warning=ExperimentalWarning'];

// What the process sends is untrusted (an escaped program writes what it likes): checked here.
const fileSchema = z.object({ name: z.string().min(1).max(1024), base64: z.string() });
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('output'), stream: z.enum(['stdout', 'stderr']), text: z.string() }),
  z.object({
    type: z.literal('done'),
    result: z.string().optional(),
    error: z.string().optional(),
    timedOut: z.boolean().optional(),
    files: z.array(fileSchema),
    omitted: z.object({ stdout: z.number().int().nonnegative(), stderr: z.number().int().nonnegative() }),
  }),
]);

/** O_CLOEXEC as /proc/<pid>/fdinfo shows a descriptor's flags (octal). */
const O_CLOEXEC = 0o2_000_000;
/** A descriptor number past this is refused rather than mapped (the stdio list would be that long). */
const MAX_MAPPED_FD = 65_536;

/**
 * The server's descriptors from `from` on that a new program would inherit: those open without
 * close-on-exec (Node opens its own with it; these come from whoever started the server, as the
 * shell's `exec 200<secret`, or from native code). Without /proc (not Linux) none are known.
 */
function inheritableDescriptors(from: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd < from) continue;
    let flags: string | undefined;
    try {
      flags = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    } catch {
      continue; // closed since the listing (the listing's own descriptor)
    }
    if (flags === undefined || (parseInt(flags, 8) & O_CLOEXEC) === 0) found.push(fd);
  }
  return found;
}

let devNull: number | undefined;

type StdioSlot = 'pipe' | 'ignore';

/**
 * The stdio list for a fenced process: `stdio` (what the protocol uses), then /dev/null in place of
 * every other descriptor the server would hand on. The forked child puts these in place (dup2)
 * before it executes anything, so no program of the launch chain, let alone the sandbox, ever
 * holds one of the server's descriptors (an audit read a secret through an inherited fd 200).
 */
function withoutInherited(stdio: StdioSlot[]): (StdioSlot | number)[] {
  const inherited = inheritableDescriptors(stdio.length);
  if (inherited.length === 0) return stdio;
  const highest = Math.max(...inherited);
  if (highest > MAX_MAPPED_FD) throw new Error(`The code runner cannot keep file descriptor ${highest} of the server out of the sandbox`);
  devNull ??= openSync('/dev/null', 'r');
  const slots: (StdioSlot | number)[] = [...stdio, ...new Array<StdioSlot>(highest + 1 - stdio.length).fill('ignore')];
  for (const fd of inherited) slots[fd] = devNull;
  return slots;
}

/**
 * Starts the sandbox's `node` (sandbox-node.ts) on the child's module inside the fence: no environment, no descriptor of the
 * server's past `stdio`, the permission model with read access to the interpreters' files (and
 * `readable`) only, in its own process group.
 */
export function spawnFenced(isolation: Isolation, files: ChildFiles, config: ChildConfig, readable: string[], stdio: StdioSlot[]): ChildProcess {
  const allowed = [...files.readable, ...readable];
  const node = [
    sandboxNodePath(),
    ...NODE_FLAGS,
    ...allowed.map((path) => `--allow-fs-read=${path}`),
    files.entry,
    JSON.stringify(config),
  ];
  const [command = sandboxNodePath(), ...args] = isolation.wrap(node, config.limits, allowed);
  return spawn(command, args, { env: {}, cwd: '/', stdio: withoutInherited(stdio), detached: isolation.groupOfItsOwn });
}

/** What a run cancelled through its signal rejects with. */
export function abortReason(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('The code run was cancelled');
}

/** The resident memory of a process and its descendants, from /proc (0 where /proc is missing). */
function treeRssBytes(pid: number): number {
  try {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    return Number(rss ?? 0) * 1024 + children.reduce((sum, child) => sum + treeRssBytes(child), 0);
  } catch {
    return 0;
  }
}

/** Collects one stream's output up to the cap, counting what is left out. */
class Collected {
  text = '';
  omitted = 0;
  constructor(private readonly limit: number) {}
  add(text: string): void {
    const room = Math.max(0, this.limit - this.text.length);
    this.text += text.slice(0, room);
    this.omitted += Math.max(0, text.length - room);
  }
  /** As `clip` shows it: the head, and how much more there was. */
  toString(): string {
    const text = this.text.endsWith('\n') ? this.text.slice(0, -1) : this.text;
    return this.omitted > 0 ? `${text}\n… (${this.omitted} more characters)` : text;
  }
}

/**
 * One sandbox process: started ahead (its interpreter loading), given exactly one program, then
 * killed. Nothing of it outlives the run: not the interpreter, its memory, its files or a hook a
 * program planted in it.
 */
export class SandboxProcess {
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly messages: Readable;
  private listener: ((message: ChildMessage) => void) | undefined;
  private exited: ((reason: string) => void) | undefined;
  private exitReason: string | undefined;
  private received = 0;
  private messagesEnded = false;
  private processExited = false;

  constructor(
    readonly lang: CodeLanguage,
    private readonly limits: SandboxLimits,
    private readonly isolation: Isolation,
    files: ChildFiles,
    pythonSnapshot?: string,
  ) {
    const config: ChildConfig = {
      lang,
      limits,
      modules: { pyodideIndex: files.pyodideIndex, quickjsVariant: files.quickjsVariant },
      ...(pythonSnapshot ? { pythonSnapshot: { load: pythonSnapshot } } : {}),
    };
    this.child = spawnFenced(isolation, files, config, pythonSnapshot ? [pythonSnapshot] : [], ['pipe', 'ignore', 'pipe', 'pipe']);
    this.child.unref();
    this.messages = this.child.stdio[MESSAGE_FD] as Readable;
    this.hold(false);
    // The process's own stderr (Node's crash text) only explains an unexpected exit: its tail. A
    // program that escaped its interpreter can write there too, so it is capped like the messages.
    let stderrTail = '';
    let stderrBytes = 0;
    const stderr = this.child.stderr as Readable;
    stderr.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      if (stderrBytes > MAX_STDERR_BYTES) {
        this.kill('Stopped: the program wrote more to the sandbox\'s error stream than it keeps');
        stderr.destroy();
        return;
      }
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    stderr.on('error', () => undefined);
    this.child.on('error', (error) => this.onExit(`it could not start: ${error.message}`));
    this.child.on('exit', (code, signal) => {
      const last = stderrTail.trim().split('\n').pop();
      const reason = signal ? `signal ${signal}` : `exit code ${code ?? '?'}${last ? `: ${last.slice(0, 300)}` : ''}`;
      this.processExited = true;
      // 'exit' may come before the pipe's last data has been read (Node keeps no order between the
      // two): a run that wrote its answer and exited came back "stopped unexpectedly (exit code 0)"
      // on a busy machine. So the answer is read first, unless the pipe stays open (a process that
      // escaped holding it), for which a short wait is enough.
      this.afterMessagesEnd(() => this.onExit(reason));
    });
    this.readMessages();
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error('The code runner did not start in time'));
      }, LOAD_TIMEOUT_MS);
      timer.unref();
      this.listener = (message) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve();
      };
      this.exited = (reason) => {
        clearTimeout(timer);
        reject(new Error(`The code runner stopped while loading (${reason})`));
      };
    });
    this.ready.catch(() => undefined);
  }

  /**
   * A spare must not keep the server's event loop alive (tests and Ctrl+C end without waiting for
   * it); a process running a program must, until its answer is in.
   */
  private hold(held: boolean): void {
    if (held) this.child.ref();
    else this.child.unref();
    for (const stream of [this.child.stdin, this.child.stderr, this.messages]) {
      const handle = stream as unknown as { ref?: () => void; unref?: () => void } | null;
      if (held) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  /** The most the message pipe may carry: the outputs, the files as base64, and room for JSON. */
  private get maxBytes(): number {
    return 12 * this.limits.outputChars + Math.ceil((this.limits.maxTotalFileBytes * 4) / 3) + 64 * 1024;
  }

  private afterMessagesEnd(then: () => void): void {
    if (this.messagesEnded) return then();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      then();
    };
    const timer = setTimeout(once, MESSAGES_DRAIN_MS);
    timer.unref();
    this.messages.once('end', once);
    this.messages.once('close', once);
  }

  private readMessages(): void {
    let pending = '';
    const ended = () => (this.messagesEnded = true);
    this.messages.once('end', ended);
    this.messages.once('close', ended);
    this.messages.setEncoding('utf8');
    this.messages.on('data', (chunk: string) => {
      this.received += Buffer.byteLength(chunk);
      if (this.received > this.maxBytes) {
        this.kill('Stopped: the program sent more output than the sandbox keeps');
        return;
      }
      // Only the new chunk is searched: searching the whole pending line on every chunk let a
      // program that drips bytes after a long unfinished line cost the server seconds of CPU.
      let start = 0;
      for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
        const line = pending + chunk.slice(start, newline);
        pending = '';
        start = newline + 1;
        let parsed: ChildMessage;
        try {
          parsed = messageSchema.parse(JSON.parse(line));
        } catch {
          this.kill('Stopped: the sandbox answered in an unexpected form');
          return;
        }
        this.listener?.(parsed);
      }
      pending += chunk.slice(start);
    });
    this.messages.on('error', () => undefined);
  }

  private onExit(reason: string): void {
    this.exitReason ??= reason;
    this.exited?.(this.exitReason);
  }

  /** False once the process ended or was killed: a spare that died waiting is not handed a program. */
  get alive(): boolean {
    return this.exitReason === undefined && !this.processExited;
  }

  /** Ends the process and everything in its namespace, now. `why` becomes the run's error. */
  kill(why?: string): void {
    if (why) this.exitReason ??= why;
    try {
      // The process group: unshare, and through its --kill-child the namespace's first process.
      // In the Lambda the process stays in the server's group (it can start no other), so it is
      // killed by its pid, which the launch chain keeps (each step execs the next).
      if (this.child.pid) process.kill(this.isolation.groupOfItsOwn ? -this.child.pid : this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  /**
   * Runs the one program; the process is killed when it ends, whatever happened: every path out
   * of here (an abort or a failure while it still loads included) goes through the `finally`.
   */
  async run(code: string, signal?: AbortSignal): Promise<CodeRunResult> {
    const stdout = new Collected(this.limits.outputChars);
    const stderr = new Collected(this.limits.outputChars);
    const timers: NodeJS.Timeout[] = [];
    let stop = (): void => undefined;
    // An abort ends the run at once, while the interpreter still loads too.
    const aborted = new Promise<never>((_resolve, reject) => (stop = () => reject(abortReason(signal))));
    aborted.catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      this.hold(true);
      if (signal?.aborted) stop();
      await Promise.race([this.ready, aborted]);
      const answer = new Promise<CodeRunResult>((resolve) => {
        const partial = (error: string, timedOut = false): CodeRunResult => ({ stdout: stdout.toString(), stderr: stderr.toString(), error, timedOut, files: [] });
        this.listener = (message) => {
          if (message.type === 'output') {
            (message.stream === 'stdout' ? stdout : stderr).add(message.text);
          } else if (message.type === 'done') {
            stdout.omitted += message.omitted.stdout;
            stderr.omitted += message.omitted.stderr;
            resolve(this.finished(message, stdout, stderr));
          }
        };
        this.exited = (reason) => {
          if (reason === deadlineMessage(this.limits)) resolve(partial(reason, true));
          else if (reason.startsWith('Stopped:')) resolve(partial(reason));
          else resolve(partial(`The sandbox stopped unexpectedly (${reason})`));
        };
        if (this.exitReason) this.exited(this.exitReason);
        const stdin = this.child.stdin as Writable;
        stdin.on('error', () => undefined);
        stdin.end(JSON.stringify({ code }));
        // The clock starts when the program is handed over, on the parent's word alone: a process
        // that never starts it (stopped, or stuck before its first line) still ends on time.
        timers.push(setTimeout(() => this.kill(deadlineMessage(this.limits)), this.limits.deadlineMs));
        timers.push(setInterval(() => this.watchMemory(), MEMORY_POLL_MS));
      });
      return await Promise.race([answer, aborted]);
    } finally {
      for (const timer of timers) clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      this.kill();
    }
  }

  private watchMemory(): void {
    const limit = this.limits.pythonMemoryBytes + 768 * 1024 * 1024;
    if (this.child.pid && treeRssBytes(this.child.pid) > limit) this.kill(`Stopped: the program used more than ${Math.round(limit / 1024 / 1024)} MB of memory`);
  }

  /** The run as the sandbox reported it, with every size checked again. */
  private finished(message: Extract<ChildMessage, { type: 'done' }>, stdout: Collected, stderr: Collected): CodeRunResult {
    const files: CodeRunResult['files'] = [];
    let total = 0;
    for (const file of message.files.slice(0, this.limits.maxFiles)) {
      const bytes = Math.floor((file.base64.length * 3) / 4);
      if (bytes > this.limits.maxFileBytes || total + bytes > this.limits.maxTotalFileBytes) continue;
      total += bytes;
      files.push(file);
    }
    const timedOut = message.timedOut === true;
    return {
      stdout: stdout.toString(),
      stderr: stderr.toString(),
      ...(message.result === undefined ? {} : { result: clip(message.result, this.limits.outputChars) }),
      ...(timedOut ? { error: deadlineMessage(this.limits) } : message.error === undefined ? {} : { error: clip(message.error, this.limits.outputChars) }),
      timedOut,
      files,
    };
  }
}
